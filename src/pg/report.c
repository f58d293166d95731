/*
 * report.c: a fault from the core becomes ereport(ERROR), with the SQLSTATE
 * and a message that names the refused value and the valid range.
 */
#include "shared_state.h"
#include "pg_time.h"

/* A time as PostgreSQL prints it, or as raw Unix ms when it cannot. */
static const char *
time_text(int64 unix_ms)
{
	/* well inside timestamptz's range: 1970 +/- 200,000 years */
	if (unix_ms > -INT64CONST(6000000000000000) && unix_ms < INT64CONST(6000000000000000))
		return timestamptz_to_str(idgen_unix_ms_to_timestamptz(unix_ms));
	return psprintf("(Unix ms " INT64_FORMAT ")", unix_ms);
}

void
idgen_raise_layout_skip(const char *function, const char *layout, int64 ahead_ms,
						   int64 lead_ms, int64 promoted_ms, int64 last_unit_ms,
						   int64 runs_from_ms)
{
	/* time_text returns a static buffer: copy between calls */
	char	   *promoted = pstrdup(time_text(promoted_ms));
	char	   *last_unit = pstrdup(time_text(last_unit_ms));

	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s: layout \"%s\" would run " INT64_FORMAT " ms ahead of the system "
					"clock after the skip at %s", function, layout, ahead_ms, promoted),
			 errdetail("At %s this server could not know how far the layout had gone (a "
					   "promotion: the old primary may have gone on during the lag; or a "
					   "start without the file idgen.layout_reservations), so it skipped "
					   "the units it may have reached, up to idgen.max_clock_lead ahead of "
					   "the clock: through the unit that starts at %s. idgen.max_clock_lead ("
					   INT64_FORMAT " ms) lets it run from %s on.", promoted, last_unit,
					   lead_ms, time_text(runs_from_ms)),
			 errhint("Wait until then: IDs may have been handed out in every unit up to "
					 "that one. The wait ends when the unit after the skip's begins.")));
	pg_unreachable();
}

/*
 * A limit just past a lead, in whole days or minutes, for a refusal's hint:
 * room for the generators to go on until the clock catches up.
 */
static int64
lead_suggestion(int64 lead_ms, const char **unit)
{
	const int64 day = 24 * 60 * 60 * 1000;

	if (lead_ms >= day)
	{
		*unit = "d";
		return lead_ms / day + 2;
	}
	*unit = "min";
	return lead_ms / (60 * 1000) + 10;
}

void
idgen_raise_fault(idgen_fault fault, const char *function)
{
	idgen_raise_family_fault(fault, function, NULL);
}

void
idgen_raise_family_fault(idgen_fault fault, const char *function,
						 const idgen_family_info *family)
{
	switch (fault.code)
	{
		case IDGEN_SHARD_OUT_OF_RANGE:
		case IDGEN_NODE_OUT_OF_RANGE:
			{
				/* a shard is an argument, a node a setting */
				bool		shard = fault.code == IDGEN_SHARD_OUT_OF_RANGE;
				const idgen_family_info *layout =
					idgen_family_of(shard ? IDGEN_FAMILY_SHARD_ID : IDGEN_FAMILY_SNOWFLAKE);

				ereport(ERROR,
						(errcode(shard ? ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE :
								 ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("%s " INT64_FORMAT " is out of range for %s",
								layout->mid_name, fault.value, function),
						 errdetail("Valid %ss are " INT64_FORMAT " to " INT64_FORMAT
								   " (%d bits).", layout->mid_name, fault.min, fault.max,
								   layout->mid_bits)));
			}
			break;
		case IDGEN_SEQ_OUT_OF_RANGE:
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("sequence value " INT64_FORMAT " is out of range for %s",
							fault.value, function),
					 errdetail("Valid values are " INT64_FORMAT " to " INT64_FORMAT
							   "; the ID keeps the value modulo %d.",
							   fault.min, fault.max,
							   1 << idgen_family_of(IDGEN_FAMILY_SHARD_ID)->seq_bits)));
			break;
		case IDGEN_TIME_OUT_OF_RANGE:
			{
				/* time_text returns a static buffer: copy between calls */
				char	   *value = pstrdup(time_text(fault.value));
				char	   *first = pstrdup(time_text(fault.min));

				ereport(ERROR,
						(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
						 errmsg("timestamp %s is out of range for %s", value, function),
						 errdetail("Valid times are %s to %s: the ID's time field "
								   "holds " INT64_FORMAT " ms from its epoch.",
								   first, time_text(fault.max),
								   fault.max - fault.min + 1)));
			}
			break;
		case IDGEN_ID_OUT_OF_RANGE:
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("ID " INT64_FORMAT " is out of range for %s",
							fault.value, function),
					 errdetail("Valid IDs are " INT64_FORMAT " to " INT64_FORMAT
							   ": the sign bit is never set.", fault.min, fault.max),
					 family && family->negative_id_hint ?
					 errhint("%s", family->negative_id_hint) : 0));
			break;
		case IDGEN_EPOCH_OUT_OF_RANGE:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("epoch " INT64_FORMAT " is out of range for %s",
							fault.value, function),
					 errdetail("An epoch is Unix milliseconds from " INT64_FORMAT
							   " to " INT64_FORMAT ".", fault.min, fault.max)));
			break;
		case IDGEN_CLOCK_LEAD_EXCEEDED:
			{
			const char *unit;
			int64		limit = lead_suggestion(fault.value, &unit);

			ereport(ERROR,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
					 errmsg("%s would run " INT64_FORMAT " ms ahead of the system clock",
							function, fault.value),
					 errdetail("The generator's last millisecond is ahead of the clock "
							   "(the clock was set back, or IDs were drawn faster than "
							   "the layout holds), and idgen.max_clock_lead allows "
							   INT64_FORMAT " ms.", fault.max),
					 errhint("If the clock is right now (it was ahead when those IDs were "
							 "issued), raise the limit past the lead: ALTER SYSTEM SET "
							 "idgen.max_clock_lead = '" INT64_FORMAT "%s'; SELECT "
							 "pg_reload_conf(); the generators go on above their last ID "
							 "until the clock catches up. Else correct the clock.",
							 limit, unit)));
			}
			break;
		case IDGEN_RANDOM_UNAVAILABLE:
			ereport(ERROR,
					(errcode(ERRCODE_INTERNAL_ERROR),
					 errmsg("%s could not generate random bytes", function)));
			break;
		case IDGEN_HASH_UNAVAILABLE:
			ereport(ERROR,
					(errcode(ERRCODE_EXTERNAL_ROUTINE_EXCEPTION),
					 errmsg("%s could not compute its %s hash", function,
							fault.value == 3 ? "MD5" : fault.value == 5 ? "SHA-1" : "SHA3-512"),
					 errhint("OpenSSL refuses MD5 and SHA-1 in FIPS mode.")));
			break;
		case IDGEN_OK:
			/* idgen_raise_if_fault never passes it */
		case IDGEN_RESERVATION_NEEDED:
			/* idgen_run_shared reserves and retries; it never reports this */
		case IDGEN_TEXT_LENGTH:
		case IDGEN_TEXT_CHARACTER:
		case IDGEN_TEXT_OVERFLOW:
		case IDGEN_TEXT_PADDING:
			/* text input reports these itself, quoting the input */
		case IDGEN_SIZE_OUT_OF_RANGE:
		case IDGEN_ALPHABET_SIZE:
		case IDGEN_ALPHABET_REPEAT:
			/* text_size.h and nanoid.c report these, naming the argument or the symbol */
			break;
	}
	elog(ERROR, "idgen: unknown fault %d from %s", (int) fault.code, function);
}

/*
 * On 16+, a soft error when the caller asked for one (pg_input_is_valid,
 * COPY ... ON_ERROR): saved in escontext, and the input function returns.
 */
#if PG_VERSION_NUM >= 160000
#define text_error(escontext, ...) errsave(escontext, __VA_ARGS__)
#else
#define text_error(escontext, ...) ereport(ERROR, __VA_ARGS__)
#endif

/*
 * ulid('2021-03-04 05:06:07+00') is a cast of the literal to ulid (a call of
 * a type's name with one unknown literal is), not ulid(at timestamptz): when
 * the refused text is a timestamp, say how to write what was meant, for the
 * types that have name(timestamptz) (the family table's made_at_time).
 * "one": "a ObjectId" would be wrong.
 */
static const char *
time_hint(bool is_time, const idgen_family_info *family)
{
	if (!is_time)
		return NULL;
	return family->maker_at ? psprintf("To make one for a time, write %s.", family->maker_at) :
		psprintf("To make one for a time, write %s(timestamptz '...').", family->name);
}

/*
 * text[pos], 0-based, named 1-based for a message: 'Character 3, "P"', or
 * 'Byte 3, 0xC3' when it is not printable ASCII (a piece of a multibyte
 * character).
 */
char *
idgen_character_name(const char *text, int64 pos)
{
	unsigned char bad = (unsigned char) text[pos];

	if (bad >= ' ' && bad < 127)
		return psprintf("Character %d, \"%c\"", (int) pos + 1, bad);
	return psprintf("Byte %d, 0x%02X", (int) pos + 1, bad);
}

/* The digits a text whose last pad_bits bits are zero may end in: xid's "0g" */
static const char *
padded_last_digits(const idgen_family_info *family)
{
	int			step = 1 << family->pad_bits;
	int			base = strlen(family->digits);
	char	   *out = palloc(base / step + 1);
	int			n = 0;

	for (int d = 0; d < base; d += step)
		out[n++] = family->digits[d];
	out[n] = '\0';
	return out;
}

/*
 * For a type's text input: quotes the input, and names the bad character
 * (or byte, when it is not printable ASCII), the expected length, or the
 * largest value the type holds.
 */
void
idgen_report_text_fault(idgen_fault fault, const idgen_family_info *family,
						const char *text, struct Node *escontext)
{
	/* parsed before the report starts, so that nothing else runs inside it */
	bool		is_time = (fault.code == IDGEN_TEXT_LENGTH || fault.code == IDGEN_TEXT_CHARACTER) &&
		family->made_at_time && idgen_text_is_timestamptz(text);
	const char *detail;

	switch (fault.code)
	{
		case IDGEN_TEXT_LENGTH:
			detail = family->other_text_len ?
				psprintf("%s text is %s; this is " INT64_FORMAT " characters.",
						 family->display_name, family->text_shape, fault.value) :
				psprintf("%s text is " INT64_FORMAT " characters; this is " INT64_FORMAT ".",
						 family->display_name, fault.min, fault.value);
			break;
		case IDGEN_TEXT_CHARACTER:
			detail = psprintf("%s, is not in %s.", idgen_character_name(text, fault.value),
							  family->alphabet);
			break;
		case IDGEN_TEXT_PADDING:
			detail = psprintf("Character %d, \"%c\", sets padding bits: the low %d bits of "
							  "the last character are always zero (it is one of \"%s\").",
							  (int) fault.value + 1, text[fault.value], family->pad_bits,
							  padded_last_digits(family));
			break;
		case IDGEN_TEXT_OVERFLOW:
			text_error(escontext,
					   errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					   errmsg("value out of range for type %s: \"%s\"", family->name, text),
					   errdetail("The largest %s is %s.", family->display_name, family->largest));
			return;
		default:
			idgen_raise_if_fault(fault, family->name);
			return;
	}
	idgen_report_text_detail(family, text, escontext, detail, time_hint(is_time, family));
}

/*
 * A type's text input refused with a detail and a hint (or NULL): 22P02,
 * soft on 16+ as above. The details above come here, and so do a type's own
 * for text with more parts than one alphabet and one length (TypeID's
 * prefix and suffix).
 */
void
idgen_report_text_detail(const idgen_family_info *family, const char *text,
						 struct Node *escontext, const char *detail, const char *hint)
{
	text_error(escontext,
			   errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			   errmsg("invalid input syntax for type %s: \"%s\"", family->name, text),
			   errdetail("%s", detail),
			   hint ? errhint("%s", hint) : 0);
}
