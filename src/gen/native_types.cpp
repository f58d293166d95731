// native_types.cpp: idgen-native-types, which writes the SQL of every native
// type from the family table: its I/O and binary I/O functions, comparison
// operators, btree, hash and BRIN operator classes, min/max aggregates and
// casts. A row with a type_comment has a type; what differs between types is
// what the row says (family.h).
//
//   idgen-native-types                   every type: sql/generated/native_types.sql,
//                                        which the Makefile puts into the install
//                                        script at sql/idgen.sql's marker line
//   idgen-native-types --since VERSION   the types new in VERSION (their rows'
//                                        since), for that version's update script
//   idgen-native-types --c               the C functions of the table types
//                                        (src/pg/table_types.c, a build product)
//   idgen-native-types --samples|--examples   for the documents' tests (samples.hpp)
//
// test/generated_sql.sh fails when the committed native_types.sql is stale.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "../core/families.hpp"
#include "../core/family_fields.hpp"
#include "samples.hpp"

namespace {

using idgen::kFamilies;

std::string quoted(const char* s) {
    std::string out = "'";
    for (; *s != '\0'; ++s) out += *s == '\'' ? std::string("''") : std::string(1, *s);
    return out + "'";
}

std::vector<std::string> words(const char* s) {
    std::vector<std::string> out;
    std::string w;
    for (; s != nullptr && *s != '\0'; ++s)
        if (*s == ' ') {
            if (!w.empty()) out.push_back(w), w.clear();
        } else {
            w += *s;
        }
    if (!w.empty()) out.push_back(w);
    return out;
}

// each(index, SQL name, is_time) for each named field of a row with fields
// (family.h): <name>_timestamp for ts, <name>_<field> for the others.
template <class Each>
void each_named_field(const idgen_family_info& f, Each each) {
    if (f.fields == nullptr || f.table_type) return;
    int i = 0;
    idgen::each_field(f.fields, [&](std::string_view name, int, int) {
        if (name == "-") return;
        const bool is_time = name == "ts";
        each(i++, std::string(f.name) + "_" + (is_time ? std::string("timestamp") : std::string(name)), is_time);
    });
}

// The rows whose type this run writes: every one with a type, or those new in a version.
const char* g_since = nullptr;

bool written(const idgen_family_info& f) {
    if (f.type_comment == nullptr) return false;
    if (g_since == nullptr) return true;
    return f.since != nullptr && std::strcmp(f.since, g_since) == 0;
}

bool binds_uuid(const idgen_family_info& f) { return f.ops_of != nullptr && std::string(f.ops_of) == "uuid"; }

// How a comparison, hash, sortsupport or binary I/O function is bound: to
// PostgreSQL's uuid_<fn>, or to idgen's sql_<type>_<fn> (its own or ops_of's).
std::string bound(const idgen_family_info& f, const char* fn) {
    if (binds_uuid(f)) return std::string("AS 'uuid_") + fn + "' LANGUAGE internal";
    return std::string("AS 'MODULE_PATHNAME', 'sql_") + (f.ops_of ? f.ops_of : f.name) + "_" + fn +
           "' LANGUAGE C";
}

struct Support {
    const char* fn;
    const char* args;  // T: the type
    const char* result;
    bool leakproof;
};

constexpr Support kSupport[] = {
    {"eq", "T, T", "bool", true},           {"ne", "T, T", "bool", true},
    {"lt", "T, T", "bool", true},           {"le", "T, T", "bool", true},
    {"gt", "T, T", "bool", true},           {"ge", "T, T", "bool", true},
    {"cmp", "T, T", "int", true},           {"sortsupport", "internal", "void", false},
    {"hash", "T", "int", true},             {"hash_extended", "T, bigint", "bigint", true},
};

struct Operator {
    const char* op;
    const char* fn;
    const char* commutator;
    const char* negator;
    const char* restrict_sel;
    const char* join_sel;
    const char* extra;
};

constexpr Operator kOperators[] = {
    {"=", "eq", "=", "<>", "eqsel", "eqjoinsel", ", HASHES, MERGES"},
    {"<>", "ne", "<>", "=", "neqsel", "neqjoinsel", ""},
    {"<", "lt", ">", ">=", "scalarltsel", "scalarltjoinsel", ""},
    {"<=", "le", ">=", ">", "scalarlesel", "scalarlejoinsel", ""},
    {">", "gt", "<", "<=", "scalargtsel", "scalargtjoinsel", ""},
    {">=", "ge", "<=", "<", "scalargesel", "scalargejoinsel", ""},
};

std::string with_type(const char* pattern, const char* type) {
    std::string out;
    for (; *pattern != '\0'; ++pattern) out += *pattern == 'T' ? std::string(type) : std::string(1, *pattern);
    return out;
}

void type_sql(const idgen_family_info& f) {
    const char* t = f.name;
    const bool fixed = f.value_bytes > 0;
    std::printf("\n------------------------------------------------------------------------------\n");
    std::printf("-- %s\n\nCREATE TYPE %s;\n", f.display_name, t);
    std::printf("CREATE FUNCTION %s_in(cstring) RETURNS %s\n"
                "    AS 'MODULE_PATHNAME', 'sql_%s_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;\n",
                t, t, t);
    std::printf("CREATE FUNCTION %s_out(%s) RETURNS cstring\n"
                "    AS 'MODULE_PATHNAME', 'sql_%s_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;\n",
                t, t, t);
    std::printf("CREATE FUNCTION %s_recv(internal) RETURNS %s\n    %s IMMUTABLE STRICT PARALLEL SAFE;\n", t, t,
                bound(f, "recv").c_str());
    std::printf("CREATE FUNCTION %s_send(%s) RETURNS bytea\n    %s IMMUTABLE STRICT PARALLEL SAFE;\n", t, t,
                bound(f, "send").c_str());
    std::printf("CREATE TYPE %s (\n    INPUT = %s_in, OUTPUT = %s_out, RECEIVE = %s_recv, SEND = %s_send,\n", t,
                t, t, t, t);
    if (fixed)
        std::printf("    INTERNALLENGTH = %d, ALIGNMENT = char, STORAGE = plain);\n", f.value_bytes);
    else
        std::printf("    INTERNALLENGTH = VARIABLE, STORAGE = main);\n");
    std::printf("COMMENT ON TYPE %s IS %s;\n\n", t, quoted(f.type_comment).c_str());

    for (const Support& s : kSupport)
        std::printf("CREATE FUNCTION %s_%s(%s) RETURNS %s\n    %s IMMUTABLE STRICT PARALLEL SAFE%s;\n", t, s.fn,
                    with_type(s.args, t).c_str(), s.result, bound(f, s.fn).c_str(),
                    s.leakproof ? " LEAKPROOF" : "");
    for (const char* fn : {"larger", "smaller"})
        std::printf("CREATE FUNCTION %s_%s(%s, %s) RETURNS %s\n"
                    "    AS 'MODULE_PATHNAME', 'sql_%s_%s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;\n",
                    t, fn, t, t, t, t, fn);
    std::printf("\n");
    for (const Operator& o : kOperators)
        std::printf("CREATE OPERATOR %s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = %s_%s,\n"
                    "    COMMUTATOR = %s, NEGATOR = %s, RESTRICT = %s, JOIN = %s%s);\n",
                    o.op, t, t, t, o.fn, o.commutator, o.negator, o.restrict_sel, o.join_sel, o.extra);
    std::printf("CREATE OPERATOR CLASS %s_ops DEFAULT FOR TYPE %s USING btree AS\n"
                "    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,\n"
                "    FUNCTION 1 %s_cmp(%s, %s), FUNCTION 2 %s_sortsupport(internal);\n",
                t, t, t, t, t, t);
    std::printf("CREATE OPERATOR CLASS %s_ops DEFAULT FOR TYPE %s USING hash AS\n"
                "    OPERATOR 1 =, FUNCTION 1 %s_hash(%s), FUNCTION 2 %s_hash_extended(%s, bigint);\n",
                t, t, t, t, t, t);
    std::printf("CREATE OPERATOR CLASS %s_minmax_ops DEFAULT FOR TYPE %s USING brin AS\n"
                "    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,\n"
                "    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),\n"
                "    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),\n"
                "    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),\n"
                "    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);\n",
                t, t);
    std::printf("CREATE AGGREGATE max(%s) (\n"
                "    SFUNC = %s_larger, STYPE = %s, COMBINEFUNC = %s_larger, SORTOP = >, PARALLEL = SAFE);\n",
                t, t, t, t);
    std::printf("CREATE AGGREGATE min(%s) (\n"
                "    SFUNC = %s_smaller, STYPE = %s, COMBINEFUNC = %s_smaller, SORTOP = <, PARALLEL = SAFE);\n",
                t, t, t, t);

    std::printf("\n");
    if (f.text_functions != nullptr) {
        const char* p = f.text_functions;
        std::printf("CREATE FUNCTION %s_parse(%s text) RETURNS %s\n"
                    "    AS 'MODULE_PATHNAME', 'sql_%s_parse' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;\n",
                    p, f.parse_arg ? f.parse_arg : "value", t, t);
        std::printf("CREATE FUNCTION %s_text(id %s) RETURNS text\n"
                    "    AS 'MODULE_PATHNAME', 'sql_%s_text' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;\n",
                    p, t, t);
    }
    if (fixed) {
        // a fixed-size type's text casts are its I/O functions
        std::printf("CREATE CAST (%s AS text) WITH INOUT AS ASSIGNMENT;\n", t);
        std::printf("CREATE CAST (text AS %s) WITH INOUT AS ASSIGNMENT;\n", t);
    } else {
        std::printf("CREATE CAST (%s AS text) WITH FUNCTION %s_text(%s) AS ASSIGNMENT;\n", t, f.text_functions, t);
        std::printf("CREATE CAST (text AS %s) WITH FUNCTION %s_parse(text) AS ASSIGNMENT;\n", t,
                    f.text_functions);
    }
    if (f.bytea_cast) {
        std::printf("CREATE FUNCTION bytea_to_%s(bytes bytea) RETURNS %s\n"
                    "    AS 'MODULE_PATHNAME', 'sql_bytea_to_%s' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;\n",
                    t, t, t);
        std::printf("CREATE CAST (%s AS bytea) WITH FUNCTION %s_send(%s);\n", t, t, t);
        std::printf("CREATE CAST (bytea AS %s) WITH FUNCTION bytea_to_%s(bytea);\n", t, t);
    }
    if (fixed && !binds_uuid(f))
        std::printf("CREATE FUNCTION brin_minmax_multi_distance_%s(internal, internal) RETURNS float8\n"
                    "    AS 'MODULE_PATHNAME', 'sql_%s_brin_distance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;\n",
                    t, f.ops_of ? f.ops_of : t);
    if (f.table_type || f.generated) {
        // a table type's generator (table_type.h), or its shim's
        std::printf("CREATE FUNCTION %s() RETURNS %s\n"
                    "    AS 'MODULE_PATHNAME', 'sql_%s_generate' LANGUAGE C VOLATILE PARALLEL SAFE;\n",
                    t, t, t);
        std::printf("COMMENT ON FUNCTION %s() IS %s;\n", t,
                    quoted((std::string(f.display_name) +
                            (f.table_type ? " of the current time and random bits" : " of the current time"))
                               .c_str())
                        .c_str());
    }
    if (f.table_type)
        std::printf("CREATE FUNCTION %s_timestamp(id %s) RETURNS timestamptz\n"
                    "    AS 'MODULE_PATHNAME', 'sql_%s_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;\n",
                    t, t, t);
    each_named_field(f, [&](int i, const std::string& sql_name, bool is_time) {
        std::printf("CREATE FUNCTION %s(id %s) RETURNS %s\n"
                    "    AS 'MODULE_PATHNAME', 'sql_%s_field_%d' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;\n",
                    sql_name.c_str(), t, is_time ? "timestamptz" : "bigint", t, i);
    });
}

// PostgreSQL 14's BRIN classes, minmax-multi and bloom, for every
// fixed-size type: one block that skips them on 13 (whose catalog lacks
// their support functions), its search_path pinned and every name qualified.
void brin_14_sql() {
    bool any = false;
    for (const idgen_family_info& f : kFamilies) any = any || (written(f) && f.value_bytes > 0);
    if (!any) return;
    std::printf(
        "\n------------------------------------------------------------------------------\n"
        "-- BRIN minmax-multi and bloom (PostgreSQL 14 on) for the fixed-size types:\n"
        "-- minmax-multi's distance is uuid's for the types of uuid's bytes, idgen's\n"
        "-- for the others.\n"
        "DO $brin$\n"
        "DECLARE\n"
        "    caller_path text := pg_catalog.current_setting('search_path');\n"
        "    ext name := (SELECT n.nspname FROM pg_catalog.pg_extension e\n"
        "                   JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace\n"
        "                  WHERE e.extname = 'idgen');\n"
        "    t record;\n"
        "BEGIN\n"
        "    IF pg_catalog.current_setting('server_version_num')::pg_catalog.int4 < 140000 THEN\n"
        "        RETURN;\n"
        "    END IF;\n"
        "    PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);\n"
        "    FOR t IN SELECT * FROM (VALUES");
    const char* sep = "\n";
    for (const idgen_family_info& f : kFamilies) {
        if (!written(f) || f.value_bytes == 0) continue;
        if (binds_uuid(f))
            std::printf("%s            ('%s', 'pg_catalog', 'brin_minmax_multi_distance_uuid')", sep, f.name);
        else
            std::printf("%s            ('%s', ext, 'brin_minmax_multi_distance_%s')", sep, f.name, f.name);
        sep = ",\n";
    }
    std::printf(
        ")\n"
        "            AS v(type, distance_schema, distance) LOOP\n"
        "        EXECUTE pg_catalog.format(\n"
        "            'CREATE OPERATOR CLASS %%1$I.%%3$I FOR TYPE %%1$I.%%2$I USING brin AS '\n"
        "            'OPERATOR 1 %%1$I.<, OPERATOR 2 %%1$I.<=, OPERATOR 3 %%1$I.=, OPERATOR 4 %%1$I.>=, OPERATOR 5 %%1$I.>, '\n"
        "            'FUNCTION 1 pg_catalog.brin_minmax_multi_opcinfo(internal), '\n"
        "            'FUNCTION 2 pg_catalog.brin_minmax_multi_add_value(internal, internal, internal, internal), '\n"
        "            'FUNCTION 3 pg_catalog.brin_minmax_multi_consistent(internal, internal, internal, int4), '\n"
        "            'FUNCTION 4 pg_catalog.brin_minmax_multi_union(internal, internal, internal), '\n"
        "            'FUNCTION 5 pg_catalog.brin_minmax_multi_options(internal), '\n"
        "            'FUNCTION 11 %%4$I.%%5$I(internal, internal)',\n"
        "            ext, t.type, t.type || '_minmax_multi_ops', t.distance_schema, t.distance);\n"
        "        EXECUTE pg_catalog.format(\n"
        "            'CREATE OPERATOR CLASS %%1$I.%%3$I FOR TYPE %%1$I.%%2$I USING brin AS '\n"
        "            'OPERATOR 1 %%1$I.=, '\n"
        "            'FUNCTION 1 pg_catalog.brin_bloom_opcinfo(internal), '\n"
        "            'FUNCTION 2 pg_catalog.brin_bloom_add_value(internal, internal, internal, internal), '\n"
        "            'FUNCTION 3 pg_catalog.brin_bloom_consistent(internal, internal, internal, int4), '\n"
        "            'FUNCTION 4 pg_catalog.brin_bloom_union(internal, internal, internal), '\n"
        "            'FUNCTION 5 pg_catalog.brin_bloom_options(internal), '\n"
        "            'FUNCTION 11 %%1$I.%%4$I(%%1$I.%%2$I)',\n"
        "            ext, t.type, t.type || '_bloom_ops', t.type || '_hash');\n"
        "    END LOOP;\n"
        "    PERFORM pg_catalog.set_config('search_path', caller_path, true);\n"
        "END\n"
        "$brin$;\n");
}

// Types of the same bytes: assignment casts both ways, so a value goes into
// a column of the other type without a cast written out, but mixed
// comparisons do not resolve silently.
void same_bytes_sql() {
    bool any = false;
    for (const idgen_family_info& f : kFamilies) any = any || (written(f) && f.same_bytes_as != nullptr);
    if (!any) return;
    std::printf("\n------------------------------------------------------------------------------\n"
                "-- The same bytes under another type's name: assignment casts both ways.\n");
    for (const idgen_family_info& f : kFamilies) {
        if (!written(f)) continue;
        for (const std::string& other : words(f.same_bytes_as)) {
            std::printf("CREATE CAST (%s AS %s) WITHOUT FUNCTION AS ASSIGNMENT;\n", f.name, other.c_str());
            std::printf("CREATE CAST (%s AS %s) WITHOUT FUNCTION AS ASSIGNMENT;\n", other.c_str(), f.name);
        }
    }
}

// The table types' C functions: one IDGEN_TABLE_TYPE (src/pg/table_type.h) a row.
void table_types_c() {
    std::printf("/* table_types.c: written by idgen-native-types from the family table (a build\n"
                " * product): the C functions of its table types, src/pg/table_type.h's. */\n"
                "#include \"table_type.h\"\n");
    for (int k = 0; k < IDGEN_FAMILY_ROWS; ++k) {
        const idgen_family_info& f = kFamilies[k];
        if (!f.table_type) continue;
        std::printf("\nIDGEN_TABLE_TYPE(%s, (idgen_family) %d, %d)\n", f.name, k, f.value_bytes);
        if (f.text_functions != nullptr || f.bytea_cast) std::printf("IDGEN_FIXED_SIZE_TEXT_AND_BYTES(%s)\n", f.name);
    }
    // a row with fields: its decoders, and its BRIN distance (its shim has the rest)
    for (int k = 0; k < IDGEN_FAMILY_ROWS; ++k) {
        const idgen_family_info& f = kFamilies[k];
        if (f.fields == nullptr || f.table_type) continue;
        std::printf("\n");
        each_named_field(f, [&](int i, const std::string& sql_name, bool) {
            std::printf("IDGEN_FAMILY_FIELD(%s, (idgen_family) %d, %d, \"%s(%s)\")\n", f.name, k, i, sql_name.c_str(),
                        f.name);
        });
        if (f.ops_of == nullptr) std::printf("IDGEN_BRIN_DISTANCE(%s, %d)\n", f.name, f.value_bytes);
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 2 && std::strcmp(argv[1], "--c") == 0) {
        table_types_c();
        return 0;
    }
    if (argc == 2 && std::strcmp(argv[1], "--samples") == 0) {
        idgen_samples::print_samples();
        return 0;
    }
    if (argc == 2 && std::strcmp(argv[1], "--examples") == 0) {
        idgen_samples::print_examples();
        return 0;
    }
    if (argc == 3 && std::strcmp(argv[1], "--since") == 0) {
        g_since = argv[2];
        std::printf("-- The native types new in %s, written by idgen-native-types --since %s\n"
                    "-- from the family table (src/core/families.hpp).\n",
                    g_since, g_since);
    } else if (argc == 1) {
        std::printf("-- The native types, written by idgen-native-types (src/gen/native_types.cpp)\n"
                    "-- from the family table (src/core/families.hpp): do not edit. `make` writes\n"
                    "-- it again; test/generated_sql.sh fails when the committed copy is stale.\n");
    } else {
        std::fprintf(stderr, "usage: idgen-native-types [--since VERSION | --c | --samples | --examples]\n");
        return 2;
    }
    for (const idgen_family_info& f : kFamilies)
        if (written(f)) type_sql(f);
    same_bytes_sql();
    brin_14_sql();
    return 0;
}
