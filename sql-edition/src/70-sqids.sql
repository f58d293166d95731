-- Sqids (sqids.org): non-negative numbers as short text, by the
-- specification, with the C extension's results and refusals. Decoding
-- gives numbers only for the canonical text of those numbers under the
-- same options (the text sqids_encode gives); any other text gives '{}'.
-- Alphabets are worked on as arrays of character codes.

-- The reference's default blocklist; the literal is written by
-- test/conformance/sqids_blocklist.mjs --write from npm sqids, the same
-- source as the C extension's.
CREATE OR REPLACE FUNCTION sqids_default_blocklist() RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT $sqids_blocklist${
        0rgasm, 1d10t, 1d1ot, 1di0t, 1diot, 1eccacu10, 1eccacu1o, 1eccacul0, 1eccaculo, 1mbec11e, 1mbec1le,
        1mbeci1e, 1mbecile, a11upat0, a11upato, a1lupat0, a1lupato, aand, ah01e, ah0le, aho1e, ahole,
        al1upat0, al1upato, allupat0, allupato, ana1, ana1e, anal, anale, anus, arrapat0, arrapato, arsch,
        arse, ass, b00b, b00be, b01ata, b0ceta, b0iata, b0ob, b0obe, b0sta, b1tch, b1te, b1tte, ba1atkar,
        balatkar, bastard0, bastardo, batt0na, battona, bitch, bite, bitte, bo0b, bo0be, bo1ata, boceta,
        boiata, boob, boobe, bosta, bran1age, bran1er, bran1ette, bran1eur, bran1euse, branlage, branler,
        branlette, branleur, branleuse, c0ck, c0g110ne, c0g11one, c0g1i0ne, c0g1ione, c0gl10ne, c0gl1one,
        c0gli0ne, c0glione, c0na, c0nnard, c0nnasse, c0nne, c0u111es, c0u11les, c0u1l1es, c0u1lles,
        c0ui11es, c0ui1les, c0uil1es, c0uilles, c11t, c11t0, c11to, c1it, c1it0, c1ito, cabr0n, cabra0,
        cabrao, cabron, caca, cacca, cacete, cagante, cagar, cagare, cagna, cara1h0, cara1ho, caracu10,
        caracu1o, caracul0, caraculo, caralh0, caralho, cazz0, cazz1mma, cazzata, cazzimma, cazzo, ch00t1a,
        ch00t1ya, ch00tia, ch00tiya, ch0d, ch0ot1a, ch0ot1ya, ch0otia, ch0otiya, ch1asse, ch1avata, ch1er,
        ch1ng0, ch1ngadaz0s, ch1ngadazos, ch1ngader1ta, ch1ngaderita, ch1ngar, ch1ngo, ch1ngues, ch1nk,
        chatte, chiasse, chiavata, chier, ching0, chingadaz0s, chingadazos, chingader1ta, chingaderita,
        chingar, chingo, chingues, chink, cho0t1a, cho0t1ya, cho0tia, cho0tiya, chod, choot1a, choot1ya,
        chootia, chootiya, cl1t, cl1t0, cl1to, clit, clit0, clito, cock, cog110ne, cog11one, cog1i0ne,
        cog1ione, cogl10ne, cogl1one, cogli0ne, coglione, cona, connard, connasse, conne, cou111es,
        cou11les, cou1l1es, cou1lles, coui11es, coui1les, couil1es, couilles, cracker, crap, cu10,
        cu1att0ne, cu1attone, cu1er0, cu1ero, cu1o, cul0, culatt0ne, culattone, culer0, culero, culo, cum,
        cunt, d11d0, d11do, d1ck, d1ld0, d1ldo, damn, de1ch, deich, depp, di1d0, di1do, dick, dild0, dildo,
        dyke, encu1e, encule, enema, enf01re, enf0ire, enfo1re, enfoire, estup1d0, estup1do, estupid0,
        estupido, etr0n, etron, f0da, f0der, f0ttere, f0tters1, f0ttersi, f0tze, f0utre, f1ca, f1cker, f1ga,
        fag, fica, ficker, figa, foda, foder, fottere, fotters1, fottersi, fotze, foutre, fr0c10, fr0c1o,
        fr0ci0, fr0cio, fr0sc10, fr0sc1o, fr0sci0, fr0scio, froc10, froc1o, froci0, frocio, frosc10,
        frosc1o, frosci0, froscio, fuck, g00, g0o, g0u1ne, g0uine, gandu, go0, goo, gou1ne, gouine,
        gr0gnasse, grognasse, haram1, harami, haramzade, hund1n, hundin, id10t, id1ot, idi0t, idiot,
        imbec11e, imbec1le, imbeci1e, imbecile, j1zz, jerk, jizz, k1ke, kam1ne, kamine, kike, leccacu10,
        leccacu1o, leccacul0, leccaculo, m1erda, m1gn0tta, m1gnotta, m1nch1a, m1nchia, m1st, mam0n,
        mamahuev0, mamahuevo, mamon, masturbat10n, masturbat1on, masturbate, masturbati0n, masturbation,
        merd0s0, merd0so, merda, merde, merdos0, merdoso, mierda, mign0tta, mignotta, minch1a, minchia,
        mist, musch1, muschi, n1gger, neger, negr0, negre, negro, nerch1a, nerchia, nigger, orgasm, p00p,
        p011a, p01la, p0l1a, p0lla, p0mp1n0, p0mp1no, p0mpin0, p0mpino, p0op, p0rca, p0rn, p0rra,
        p0uff1asse, p0uffiasse, p1p1, p1pi, p1r1a, p1rla, p1sc10, p1sc1o, p1sci0, p1scio, p1sser, pa11e,
        pa1le, pal1e, palle, pane1e1r0, pane1e1ro, pane1eir0, pane1eiro, panele1r0, panele1ro, paneleir0,
        paneleiro, patakha, pec0r1na, pec0rina, pecor1na, pecorina, pen1s, pendej0, pendejo, penis, pip1,
        pipi, pir1a, pirla, pisc10, pisc1o, pisci0, piscio, pisser, po0p, po11a, po1la, pol1a, polla,
        pomp1n0, pomp1no, pompin0, pompino, poop, porca, porn, porra, pouff1asse, pouffiasse, pr1ck, prick,
        pussy, put1za, puta, puta1n, putain, pute, putiza, puttana, queca, r0mp1ba11e, r0mp1ba1le,
        r0mp1bal1e, r0mp1balle, r0mpiba11e, r0mpiba1le, r0mpibal1e, r0mpiballe, rand1, randi, rape,
        recch10ne, recch1one, recchi0ne, recchione, retard, romp1ba11e, romp1ba1le, romp1bal1e, romp1balle,
        rompiba11e, rompiba1le, rompibal1e, rompiballe, ruff1an0, ruff1ano, ruffian0, ruffiano, s1ut,
        sa10pe, sa1aud, sa1ope, sacanagem, sal0pe, salaud, salope, saugnapf, sb0rr0ne, sb0rra, sb0rrone,
        sbattere, sbatters1, sbattersi, sborr0ne, sborra, sborrone, sc0pare, sc0pata, sch1ampe, sche1se,
        sche1sse, scheise, scheisse, schlampe, schwachs1nn1g, schwachs1nnig, schwachsinn1g, schwachsinnig,
        schwanz, scopare, scopata, sexy, sh1t, shit, slut, sp0mp1nare, sp0mpinare, spomp1nare, spompinare,
        str0nz0, str0nza, str0nzo, stronz0, stronza, stronzo, stup1d, stupid, succh1am1, succh1ami,
        succhiam1, succhiami, sucker, t0pa, tapette, test1c1e, test1cle, testic1e, testicle, tette, topa,
        tr01a, tr0ia, tr0mbare, tr1ng1er, tr1ngler, tring1er, tringler, tro1a, troia, trombare, turd, twat,
        vaffancu10, vaffancu1o, vaffancul0, vaffanculo, vag1na, vagina, verdammt, verga, w1chsen, wank,
        wichsen, x0ch0ta, x0chota, xana, xoch0ta, xochota, z0cc01a, z0cc0la, z0cco1a, z0ccola, z1z1, z1zi,
        ziz1, zizi, zocc01a, zocc0la, zocco1a, zoccola
    }$sqids_blocklist$::pg_catalog.text[]
$$;

-- The specification's shuffle: the same alphabet always gives the same order.
CREATE OR REPLACE FUNCTION _idgen_sqids_shuffle(c int[]) RETURNS int[]
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    n int := pg_catalog.cardinality(c);
    i int := 0;
    j int := n - 1;
    r int;
    t int;
BEGIN
    WHILE j > 0 LOOP
        r := (i * j + c[i + 1] + c[j + 1]) % n;
        t := c[i + 1];
        c[i + 1] := c[r + 1];
        c[r + 1] := t;
        i := i + 1;
        j := j - 1;
    END LOOP;
    RETURN c;
END $$;

-- The options checked, as the C extension checks them and in its order;
-- returns the alphabet shuffled once and the blocklist as the
-- specification applies it: of the words that can occur in its text (3
-- characters or more, each in the alphabet, compared in lower case; case is
-- folded for A-Z only, as the C extension folds it), those of 3 characters
-- block an ID of 3 characters equal to them (short_words), longer ones an
-- ID longer than 3 that holds them, at either end when they have a digit
-- (one regular expression, compiled once per session).
CREATE OR REPLACE FUNCTION _idgen_sqids_setup(alphabet text, min_length int, blocklist text[], fn text,
                                              OUT alpha int[], OUT short_words text[], OUT pattern text)
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    chars text[] := pg_catalog.regexp_split_to_array(alphabet, '');
    n int := pg_catalog.length(alphabet);
    wide text;
    repeated record;
    in_alphabet text;
    null_at bigint;
    anywhere text;
    at_ends text;
BEGIN
    IF pg_catalog.octet_length(alphabet) <> n THEN
        SELECT c INTO wide FROM pg_catalog.unnest(chars) c WHERE pg_catalog.octet_length(c) > 1 LIMIT 1;
        RAISE EXCEPTION 'alphabet "%" has a multibyte character, "%", for %', alphabet, wide, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A Sqids alphabet has 3 to 255 distinct single-byte characters.';
    END IF;
    IF n < 3 THEN
        RAISE EXCEPTION 'alphabet "%" is out of range for %', alphabet, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('It has %s characters; a Sqids alphabet has 3 to 255 distinct single-byte characters.', n);
    END IF;
    IF (SELECT pg_catalog.count(DISTINCT c COLLATE "C") FROM pg_catalog.unnest(chars) c) <> n THEN
        SELECT a.i, pg_catalog.min(f.i) AS first, a.s INTO repeated
          FROM pg_catalog.unnest(chars) WITH ORDINALITY a(s, i)
          JOIN pg_catalog.unnest(chars) WITH ORDINALITY f(s, i) ON f.s = a.s COLLATE "C" AND f.i < a.i
         GROUP BY a.i, a.s ORDER BY a.i LIMIT 1;
        RAISE EXCEPTION 'alphabet "%" repeats "%" for %', alphabet, repeated.s, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Character %s is character %s again; a Sqids alphabet has 3 to 255 '
                                             'distinct single-byte characters.', repeated.i, repeated.first);
    END IF;
    IF min_length < 0 OR min_length > 255 THEN
        RAISE EXCEPTION 'min_length % is out of range for %', min_length, fn
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'Valid minimum lengths are 0 to 255.';
    END IF;
    SELECT o INTO null_at FROM pg_catalog.unnest(blocklist) WITH ORDINALITY b(w, o) WHERE w IS NULL LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'the blocklist of % holds a NULL', fn
            USING ERRCODE = 'null_value_not_allowed',
                  DETAIL = pg_catalog.format('Word %s is NULL; a blocklist is an array of words.', null_at);
    END IF;
    -- words of the alphabet's characters: one bracket expression, each
    -- character that is not a letter or digit escaped
    in_alphabet := '^[' || pg_catalog.regexp_replace(
        pg_catalog.translate(alphabet, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
        '([^[:alnum:]])', '\\\1', 'g') || ']+$';
    SELECT pg_catalog.array_agg(lw) FILTER (WHERE pg_catalog.length(lw) = 3),
           pg_catalog.string_agg(pg_catalog.regexp_replace(lw, '([^[:alnum:]])', '\\\1', 'g'), '|')
               FILTER (WHERE pg_catalog.length(lw) > 3 AND lw !~ '[0-9]'),
           pg_catalog.string_agg(pg_catalog.regexp_replace(lw, '([^[:alnum:]])', '\\\1', 'g'), '|')
               FILTER (WHERE pg_catalog.length(lw) > 3 AND lw ~ '[0-9]')
      INTO short_words, anywhere, at_ends
      -- each word lowered once (OFFSET 0: not again for each use of lw), and
      -- only a word with an upper-case letter (translate is the slow part)
      FROM (SELECT CASE WHEN w COLLATE "C" ~ '[A-Z]'
                        THEN pg_catalog.translate(w, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
                        ELSE w END COLLATE "C" AS lw
              FROM pg_catalog.unnest(blocklist) w OFFSET 0) b
     WHERE lw ~ in_alphabet;
    short_words := COALESCE(short_words, '{}');
    pattern := NULLIF(pg_catalog.concat_ws('|', '(?:' || anywhere || ')', '^(?:' || at_ends || ')',
                                           '(?:' || at_ends || ')$'), '');
    alpha := _idgen_sqids_shuffle(ARRAY(SELECT pg_catalog.ascii(c) FROM pg_catalog.unnest(chars) WITH ORDINALITY x(c, o) ORDER BY o));
END $$;

-- The specification's isBlockedId, by the setup's words.
CREATE OR REPLACE FUNCTION _idgen_sqids_blocked(id text, short_words text[], pattern text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT CASE WHEN pg_catalog.length(lid) <= 3 THEN lid = ANY (short_words)
                ELSE COALESCE(lid ~ pattern, false) END
      FROM (SELECT pg_catalog.translate(id, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C" AS lid) l
$$;

-- encodeNumbers: each attempt's text (its prefix moved on by one each
-- time) until one holds no blocklist word; NULL when every one does.
CREATE OR REPLACE FUNCTION _idgen_sqids_encode(numbers bigint[], alpha int[], min_length int,
                                               short_words text[], pattern text)
    RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    n int := pg_catalog.cardinality(alpha);
    count int := pg_catalog.cardinality(numbers);
    first_offset bigint := count % n;
    offset_ int;
    work int[];
    id text;
    digits text;
    num bigint;
    missing int;
BEGIN
    IF count = 0 THEN
        RETURN '';
    END IF;
    FOR i IN 1 .. count LOOP
        first_offset := (first_offset + alpha[(numbers[i] % n)::int + 1] + (i - 1) % n) % n;
    END LOOP;
    FOR increment IN 0 .. n LOOP
        offset_ := ((first_offset + increment) % n)::int;
        -- the alphabet from the offset on, reversed
        work := ARRAY(SELECT alpha[(offset_ + n - 1 - k) % n + 1] FROM pg_catalog.generate_series(0, n - 1) k);
        id := pg_catalog.chr(alpha[offset_ + 1]);
        FOR i IN 1 .. count LOOP
            num := numbers[i];
            digits := '';
            LOOP
                digits := pg_catalog.chr(work[(num % (n - 1))::int + 2]) || digits;
                num := num / (n - 1);
                EXIT WHEN num = 0;
            END LOOP;
            id := id || digits;
            IF i < count THEN
                id := id || pg_catalog.chr(work[1]);
                work := _idgen_sqids_shuffle(work);
            END IF;
        END LOOP;
        IF min_length > pg_catalog.length(id) THEN
            id := id || pg_catalog.chr(work[1]);
            WHILE min_length > pg_catalog.length(id) LOOP
                work := _idgen_sqids_shuffle(work);
                missing := LEAST(min_length - pg_catalog.length(id), n);
                id := id || pg_catalog.array_to_string(ARRAY(SELECT pg_catalog.chr(c) FROM pg_catalog.unnest(work[1:missing]) c), '');
            END LOOP;
        END IF;
        IF NOT _idgen_sqids_blocked(id, short_words, pattern) THEN
            RETURN id;
        END IF;
    END LOOP;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION sqids_encode(numbers bigint[],
                                        alphabet text DEFAULT 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
                                        min_length int DEFAULT 0,
                                        blocklist text[] DEFAULT sqids_default_blocklist())
    RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    o record;
    bad record;
    id text;
BEGIN
    o := _idgen_sqids_setup(alphabet, min_length, blocklist, 'sqids_encode');
    IF pg_catalog.array_ndims(numbers) > 1 THEN
        RAISE EXCEPTION 'sqids_encode takes a one-dimensional array, not % dimensions', pg_catalog.array_ndims(numbers)
            USING ERRCODE = 'array_subscript_error';
    END IF;
    SELECT v, i INTO bad FROM pg_catalog.unnest(numbers) WITH ORDINALITY x(v, i) WHERE v IS NULL OR v < 0 ORDER BY i LIMIT 1;
    IF FOUND AND bad.v IS NULL THEN
        RAISE EXCEPTION 'sqids_encode cannot encode NULL'
            USING ERRCODE = 'null_value_not_allowed', DETAIL = pg_catalog.format('Element %s of the array is NULL.', bad.i);
    ELSIF FOUND THEN
        RAISE EXCEPTION 'number % is out of range for sqids_encode', bad.v
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid numbers are 0 to 9223372036854775807; it is element %s of the array.', bad.i);
    END IF;
    id := _idgen_sqids_encode(numbers, o.alpha, min_length, o.short_words, o.pattern);
    IF id IS NULL THEN
        RAISE EXCEPTION 'sqids_encode cannot encode %: every text it can make holds a blocklist word', numbers
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('All %s attempts (the alphabet''s length plus one) hold a word of the blocklist.',
                                             pg_catalog.cardinality(o.alpha) + 1),
                  HINT = 'Use a longer alphabet or a shorter blocklist.';
    END IF;
    RETURN id;
END $$;

-- The specification's decode: the numbers read up to the first empty
-- chunk; '{}' for a character outside the alphabet or a number past 2^63 - 1.
CREATE OR REPLACE FUNCTION _idgen_sqids_decode(id text, alpha int[]) RETURNS bigint[]
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    n int := pg_catalog.cardinality(alpha);
    codes int[] := ARRAY(SELECT pg_catalog.ascii(c) FROM pg_catalog.regexp_split_to_table(id, '') WITH ORDINALITY x(c, o) ORDER BY o);
    len int := pg_catalog.cardinality(codes);
    offset_ int;
    work int[];
    at int := 2;
    stop int;
    num bigint;
    digit int;
    out bigint[] := '{}';
BEGIN
    IF len = 0 OR EXISTS (SELECT FROM pg_catalog.unnest(codes) c WHERE pg_catalog.array_position(alpha, c) IS NULL) THEN
        RETURN '{}';
    END IF;
    offset_ := pg_catalog.array_position(alpha, codes[1]) - 1;
    work := ARRAY(SELECT alpha[(offset_ + n - 1 - k) % n + 1] FROM pg_catalog.generate_series(0, n - 1) k);
    WHILE at <= len LOOP
        stop := at;
        WHILE stop <= len AND codes[stop] <> work[1] LOOP
            stop := stop + 1;
        END LOOP;
        IF stop = at THEN
            RETURN out;  -- an empty chunk: the padding, or no number
        END IF;
        num := 0;
        FOR i IN at .. stop - 1 LOOP
            digit := pg_catalog.array_position(work, codes[i]) - 2;
            IF num > (9223372036854775807 - digit) / (n - 1) THEN
                RETURN '{}';
            END IF;
            num := num * (n - 1) + digit;
        END LOOP;
        out := out || num;
        IF stop <= len THEN
            work := _idgen_sqids_shuffle(work);
        END IF;
        at := stop + 1;
    END LOOP;
    RETURN out;
END $$;

CREATE OR REPLACE FUNCTION sqids_decode(id text,
                                        alphabet text DEFAULT 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
                                        min_length int DEFAULT 0,
                                        blocklist text[] DEFAULT sqids_default_blocklist())
    RETURNS bigint[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    o record := _idgen_sqids_setup(alphabet, min_length, blocklist, 'sqids_decode');
    numbers bigint[] := _idgen_sqids_decode(id, o.alpha);
BEGIN
    -- canonical: the encoder, with these options, gives exactly id back
    IF pg_catalog.cardinality(numbers) = 0
       OR _idgen_sqids_encode(numbers, o.alpha, min_length, o.short_words, o.pattern) IS DISTINCT FROM id COLLATE "C" THEN
        RETURN '{}';
    END IF;
    RETURN numbers;
END $$;

