/*
 * layout_catalog.c: the named and declared bigint layouts:
 * idgen_layout_create() checks a layout (the core's rules) and stores it in
 * idgen_declared_layouts, idgen_layout_drop() removes one that has handed
 * out no IDs, idgen_named_layouts() lists the core's, and
 * idgen_find_layout() finds either kind by name for the decoders and
 * layout_id().
 *
 * What decides uniqueness is superuser-only: both writers check it, and the
 * table takes no writes from anyone else.
 */
#include "layouts.h"

#include "access/heapam.h"
#include "access/htup_details.h"
#include "access/tableam.h"
#include "common/hashfn.h"
#include "common/int.h"
#include "catalog/namespace.h"
#include "catalog/pg_type.h"
#include "commands/trigger.h"
#include "executor/spi.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "storage/lmgr.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/snapmgr.h"

#include "fresh_layout_rows.h"
#include "layout_slots.h"
#include "spi_pinned.h"

#define NAME_RULE "A layout name is 1 to 63 characters of a-z, 0-9 and \"_\" that start with a letter: ^[a-z][a-z0-9_]{0,62}$"

PG_FUNCTION_INFO_V1(sql_idgen_layout_create);
PG_FUNCTION_INFO_V1(sql_idgen_layout_drop);
PG_FUNCTION_INFO_V1(sql_idgen_named_layouts);
PG_FUNCTION_INFO_V1(sql_idgen_declared_layout_replaced);

static const char *
us_text(int64 unix_us)
{
	return pstrdup(timestamptz_to_str(idgen_unix_us_to_timestamptz(unix_us)));
}

/*
 * The schema-qualified name of idgen's table of declared layouts: in the
 * schema of the function called (the extension's, wherever it was moved).
 */
static char *
declared_table(FunctionCallInfo fcinfo)
{
	Oid			schema = get_func_namespace(fcinfo->flinfo->fn_oid);

	return quote_qualified_identifier(get_namespace_name(schema), "idgen_declared_layouts");
}

/*
 * Its OID: a new one once the extension is created again (a refresh from a
 * dump), or in a new database that took a dropped one's OID.
 */
static Oid
declared_table_oid(FunctionCallInfo fcinfo)
{
	return get_relname_relid("idgen_declared_layouts", get_func_namespace(fcinfo->flinfo->fn_oid));
}

/*
 * Whether the table has created_in: not before ALTER EXTENSION idgen UPDATE
 * TO '0.7.0', while the library is already 0.7.0's.
 */
static bool
has_created_in(FunctionCallInfo fcinfo)
{
	Oid			table = declared_table_oid(fcinfo);

	return OidIsValid(table) && get_attnum(table, "created_in") != InvalidAttrNumber;
}

static void
require_superuser(const char *function)
{
	if (!superuser())
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("%s needs superuser", function),
				 errdetail("A layout decides which IDs are unique: only a superuser "
						   "declares or drops one.")));
}

static void
check_name(const char *name, const char *function)
{
	size_t		len = strlen(name);
	bool		ok = len >= 1 && len <= 63 && name[0] >= 'a' && name[0] <= 'z';

	for (size_t i = 1; ok && i < len; i++)
		ok = (name[i] >= 'a' && name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') ||
			name[i] == '_';
	if (!ok)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("layout name \"%s\" is not valid for %s", name, function),
				 errdetail(NAME_RULE ".")));
	if (idgen_named_layout_find(name, len) != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_DUPLICATE_OBJECT),
				 errmsg("layout \"%s\" is a named layout", name),
				 errdetail("The named layouts are idgen's own; a declared layout takes "
						   "another name.")));
}

/* A time unit of fixed length, in µs: months have none. */
static int64
unit_us_of(const Interval *unit, const char *function)
{
	int64		day_us;
	int64		us;

	if (unit->month != 0 ||
		pg_mul_s64_overflow((int64) unit->day, USECS_PER_DAY, &day_us) ||
		pg_add_s64_overflow(day_us, unit->time, &us))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("time unit %s is out of range for %s",
						DatumGetCString(DirectFunctionCall1(interval_out,
															IntervalPGetDatum(unit))),
						function),
				 errdetail("A time unit is from 1 microsecond to 1 day, without months "
						   "or years (they have no fixed length).")));
	return us;
}

/* Raises the refusal the core's check found, naming the value and the range. */
static void
report_check(idgen_layout_check_result r, const idgen_layout_def *asked, const char *function)
{
	switch (r.problem)
	{
		case IDGEN_LAYOUT_OK:
			return;
		case IDGEN_LAYOUT_WIDTHS:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("node_bits + sequence_bits = " INT64_FORMAT " is out of range for %s",
							r.value, function),
					 errdetail("The widths sum to 63 and the time gets the rest: node_bits + "
							   "sequence_bits is " INT64_FORMAT " to " INT64_FORMAT ".",
							   r.min, r.max)));
			break;
		case IDGEN_LAYOUT_NODE_BITS:
		case IDGEN_LAYOUT_SEQ_BITS:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s " INT64_FORMAT " is out of range for %s",
							r.problem == IDGEN_LAYOUT_NODE_BITS ? "node_bits" : "sequence_bits",
							r.value, function),
					 errdetail("Valid widths are " INT64_FORMAT " to " INT64_FORMAT " bits.",
							   r.min, r.max)));
			break;
		case IDGEN_LAYOUT_UNIT:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("time unit of " INT64_FORMAT " microseconds is out of range for %s",
							r.value, function),
					 errdetail("A time unit is from " INT64_FORMAT " microsecond to "
							   INT64_FORMAT " microseconds (1 day).", r.min, r.max)));
			break;
		case IDGEN_LAYOUT_EPOCH:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("epoch %s is out of range for %s", us_text(r.value), function),
					 errdetail("An epoch is from %s to the current time: %s.", us_text(r.min),
							   r.value > r.max ? "a layout counts from a time that has come"
							   : "Unix time starts there")));
			break;
		case IDGEN_LAYOUT_EPOCH_FRACTION:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("epoch %s is not a whole millisecond, for %s", us_text(r.value),
							function),
					 errdetail("A layout's epoch is a whole number of milliseconds since "
							   "1970: layout_id() counts whole milliseconds from it."),
					 errhint("Truncate it: date_trunc('milliseconds', ...).")));
			break;
		case IDGEN_LAYOUT_TOO_SHORT:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("a layout of %d time bits overflows at %s, before %s, for %s",
							asked->time_bits, us_text(r.value), us_text(r.min), function),
					 errdetail("A declared layout's time field must last until %s and end "
							   "before year 10000.", us_text(r.min)),
					 errhint("Give the time more bits (fewer node or sequence bits), a "
							 "longer time unit, or a later epoch.")));
			break;
		case IDGEN_LAYOUT_TOO_LONG:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("a layout of " INT64_FORMAT " time bits is out of range for %s",
							r.value, function),
					 errdetail("From its epoch in its time unit, " INT64_FORMAT " to "
							   INT64_FORMAT " time bits end before year 10000.", r.min, r.max),
					 errhint("Give the node or sequence more bits, or a shorter time unit.")));
			break;
	}
}

/* The declared layout from its row's values, checked as when it was made. */
static idgen_layout_def
declared_def(int64 epoch_us, const Interval *unit, int node_bits, int seq_bits,
			 int64 now_us, const char *function)
{
	idgen_layout_def def;
	idgen_layout_def asked = {0};
	int64		unit_us = unit_us_of(unit, function);

	asked.time_bits = 63 - node_bits - seq_bits;
	report_check(idgen_layout_declare(epoch_us, unit_us, node_bits, seq_bits, now_us, &def),
				 &asked, function);
	return def;
}

/* idgen_layout_create(name, epoch, time_unit, node_bits, sequence_bits [, sequence_above_node]) */
Datum
sql_idgen_layout_create(PG_FUNCTION_ARGS)
{
	const char *function = "idgen_layout_create";
	char	   *name = text_to_cstring(PG_GETARG_TEXT_PP(0));
	TimestampTz epoch = PG_GETARG_TIMESTAMPTZ(1);
	Interval   *unit = PG_GETARG_INTERVAL_P(2);
	int			node_bits = PG_GETARG_INT32(3);
	int			seq_bits = PG_GETARG_INT32(4);
	/* the 6-argument form asks for Sonyflake's order */
	bool		seq_above_node = PG_NARGS() > 5 && PG_GETARG_BOOL(5);
	Oid			types[8] = {TEXTOID, TIMESTAMPTZOID, INTERVALOID, INT4OID, INT4OID, INT8OID, BOOLOID,
	TEXTOID};
	Datum		values[8];
	bool		with_origin;
	int			ret;

	require_superuser(function);
	check_name(name, function);
	declared_def(idgen_timestamptz_to_unix_us(epoch, "epoch", function), unit, node_bits,
				 seq_bits, idgen_timestamptz_to_unix_us(GetCurrentTimestamp(), "now", function),
				 function);

	values[0] = CStringGetTextDatum(name);
	values[1] = TimestampTzGetDatum(epoch);
	values[2] = IntervalPGetDatum(unit);
	values[3] = Int32GetDatum(node_bits);
	values[4] = Int32GetDatum(seq_bits);
	/* what idgen_layout_drop() vouches for: made here, on this timeline */
	values[5] = Int64GetDatum(idgen_layout_timeline());
	values[6] = BoolGetDatum(seq_above_node);
	/* a copy of the database carries it, and knows itself a copy (layout_origin.c) */
	values[7] = CStringGetTextDatum(idgen_layout_origin_here());
	with_origin = has_created_in(fcinfo);
	SPI_connect();
	ret = SPI_execute_with_args(psprintf("INSERT INTO %s (name, epoch, time_unit, node_bits, "
										 "sequence_bits, created_timeline, sequence_above_node%s) "
										 "VALUES ($1, $2, $3, $4, $5, $6, $7%s) "
										 "ON CONFLICT (name) DO NOTHING", declared_table(fcinfo),
										 with_origin ? ", created_in" : "",
										 with_origin ? ", $8" : ""),
								with_origin ? 8 : 7, types, values, NULL, false, 0);
	if (ret != SPI_OK_INSERT)
		elog(ERROR, "%s: SPI_execute_with_args returned %d", function, ret);
	if (SPI_processed == 0)
		ereport(ERROR,
				(errcode(ERRCODE_DUPLICATE_OBJECT),
				 errmsg("layout \"%s\" already exists", name),
				 errhint("Pick another name; idgen_layouts lists those in use.")));
	SPI_finish();
	/* a replicated change of the row checks that it was written since the start */
	idgen_fresh_layout_row_written(name);
	PG_RETURN_VOID();
}

/*
 * Locks the declared layout called name until the transaction ends: SHARE
 * for layout_id(), which holds it from its statement's read of the row on
 * (the slot is claimed after); EXCLUSIVE for a drop or a replicated change,
 * which checks the slot only once no transaction may still draw from the
 * row, and keeps new draws waiting until it ends. Without it a statement
 * that read the row before the drop claimed the slot after the check
 * (attack6 S1: 144,027 of 160,000 IDs repeated after the layout was
 * declared again and the server restarted).
 */
static void
lock_declared(FunctionCallInfo fcinfo, const char *name, LOCKMODE mode)
{
	LockDatabaseObject(declared_table_oid(fcinfo),
					   hash_bytes((const unsigned char *) name, (int) strlen(name)), 0, mode);
}

/* read_declared's plan, kept while its query is the same (the extension's schema, its columns) */
static SPIPlanPtr declared_plan = NULL;
static char *declared_query = NULL;

/*
 * The declared layout called name, read from the table as it is now (after
 * lock_declared), not as the statement's or the transaction's snapshot saw
 * it: a drop that committed while this waited is seen, in every isolation
 * level (and in a parallel query's workers: idgen_spi_fresh_snapshot).
 * false: none.
 */
static bool
read_declared(FunctionCallInfo fcinfo, const char *name, IdgenLayout *layout,
			  const char *function)
{
	Oid			types[1] = {TEXTOID};
	Datum		values[1] = {CStringGetTextDatum(name)};
	bool		found;
	int			ret;
	int			path_level = idgen_spi_pinned_begin();
	char	   *query = psprintf("SELECT epoch, time_unit, node_bits, sequence_bits, created, "
								 "created_timeline, sequence_above_node%s FROM %s WHERE name = $1",
								 has_created_in(fcinfo) ? ", created_in" : "",
								 declared_table(fcinfo));

	if (declared_plan == NULL || strcmp(query, declared_query) != 0)
	{
		SPIPlanPtr	plan = SPI_prepare(query, 1, types);

		if (plan == NULL)
			elog(ERROR, "%s: SPI_prepare failed: %s", function, SPI_result_code_string(SPI_result));
		SPI_keepplan(plan);
		if (declared_plan != NULL)
		{
			SPI_freeplan(declared_plan);
			pfree(declared_query);
		}
		declared_plan = plan;
		declared_query = MemoryContextStrdup(TopMemoryContext, query);
	}
	ret = SPI_execute_snapshot(declared_plan, values, NULL, idgen_spi_fresh_snapshot(),
							   InvalidSnapshot, true, false, 1);
	if (ret != SPI_OK_SELECT)
		elog(ERROR, "%s: SPI_execute_snapshot returned %d", function, ret);
	found = SPI_processed == 1;
	if (found)
	{
		HeapTuple	row = SPI_tuptable->vals[0];
		TupleDesc	desc = SPI_tuptable->tupdesc;
		bool		isnull;
		int64		epoch_us = idgen_timestamptz_to_unix_us(
			DatumGetTimestampTz(SPI_getbinval(row, desc, 1, &isnull)), "epoch", function);

		/* checked against its own epoch for now: a row is never in the future */
		layout->def = declared_def(epoch_us, DatumGetIntervalP(SPI_getbinval(row, desc, 2, &isnull)),
								   DatumGetInt32(SPI_getbinval(row, desc, 3, &isnull)),
								   DatumGetInt32(SPI_getbinval(row, desc, 4, &isnull)),
								   epoch_us, function);
		layout->created = DatumGetTimestampTz(SPI_getbinval(row, desc, 5, &isnull));
		layout->created_timeline = DatumGetInt64(SPI_getbinval(row, desc, 6, &isnull));
		layout->def.seq_above_node = DatumGetBool(SPI_getbinval(row, desc, 7, &isnull));
		/* a table without the column: made before 0.7.0, here as far as anyone knows */
		layout->origin = desc->natts < 8 ? IDGEN_LAYOUT_ORIGIN_HERE :
			idgen_layout_origin_of(SPI_getvalue(row, desc, 8), &layout->origin_database);
		layout->catalog = declared_table_oid(fcinfo);
	}
	idgen_spi_pinned_end(path_level);
	return found;
}

pg_noreturn static void
refuse_unknown_layout(const char *name, const char *function)
{
	StringInfoData names;

	initStringInfo(&names);
	for (int i = 0; i < idgen_named_layout_count(); i++)
		appendStringInfo(&names, "%s%s", i ? ", " : "", idgen_named_layout_at(i)->name);
	ereport(ERROR,
			(errcode(ERRCODE_UNDEFINED_OBJECT),
			 errmsg("layout \"%s\" does not exist, for %s", name, function),
			 errdetail("The named layouts are %s; idgen_layouts lists the declared ones too.",
					   names.data),
			 errhint("A superuser declares one with idgen_layout_create().")));
}

const IdgenLayout *
idgen_find_layout(FunctionCallInfo fcinfo, text *name_text, const char *function)
{
	IdgenLayout *cached = (IdgenLayout *) fcinfo->flinfo->fn_extra;
	size_t		len = VARSIZE_ANY_EXHDR(name_text);
	char	   *name;
	const idgen_named_layout *named;
	IdgenLayout layout = {0};

	/* every call of a generator: no copy of the name while it is the cached one */
	if (cached != NULL && strlen(cached->name) == len &&
		memcmp(cached->name, VARDATA_ANY(name_text), len) == 0)
		return cached;
	name = text_to_cstring(name_text);
	named = idgen_named_layout_find(name, strlen(name));
	layout.named_index = -1;
	if (named != NULL)
	{
		layout.def = named->def;
		layout.named_index = (int) (named - idgen_named_layout_at(0));
	}
	else if (strlen(name) >= NAMEDATALEN)
		refuse_unknown_layout(name, function);
	else
	{
		lock_declared(fcinfo, name, AccessShareLock);
		if (!read_declared(fcinfo, name, &layout, function))
			refuse_unknown_layout(name, function);
	}
	snprintf(layout.name, NAMEDATALEN, "%s", name);
	if (cached == NULL)
		cached = MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, sizeof(IdgenLayout));
	*cached = layout;
	fcinfo->flinfo->fn_extra = cached;
	return cached;
}

/* idgen_layout_drop(name): refused once the layout may have handed out IDs */
Datum
sql_idgen_layout_drop(PG_FUNCTION_ARGS)
{
	const char *function = "idgen_layout_drop";
	char	   *name = text_to_cstring(PG_GETARG_TEXT_PP(0));
	IdgenLayout layout = {0};
	Oid			types[1] = {TEXTOID};
	Datum		values[1] = {CStringGetTextDatum(name)};

	layout.named_index = -1;
	require_superuser(function);
	if (idgen_named_layout_find(name, strlen(name)) != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("layout \"%s\" is a named layout: it cannot be dropped", name)));
	lock_declared(fcinfo, name, AccessExclusiveLock);
	if (!read_declared(fcinfo, name, &layout, function))
		refuse_unknown_layout(name, function);
	snprintf(layout.name, NAMEDATALEN, "%s", name);
	/* a copy holds the original's IDs (a replicated row's drop is checked as refuse_replaced does) */
	if (layout.origin != IDGEN_LAYOUT_ORIGIN_HERE)
		idgen_layout_refuse_drop(&layout, "It was declared in another database (created_in), "
								 "of which this one is a copy: the IDs copied may be its.",
								 function);
	idgen_layout_refuse_if_issued(&layout, function);

	SPI_connect();
	if (SPI_execute_with_args(psprintf("DELETE FROM %s WHERE name = $1", declared_table(fcinfo)),
							  1, types, values, NULL, false, 0) != SPI_OK_DELETE)
		elog(ERROR, "%s: could not delete the layout", function);
	SPI_finish();
	PG_RETURN_VOID();
}

/* a replicated change of ROW, the declared layout NAME's: refused where layout_id() may have run it */
static void
refuse_replaced(FunctionCallInfo fcinfo, const char *name, HeapTupleHeader row,
				const char *function)
{
	IdgenLayout layout = {0};

	layout.named_index = -1;
	lock_declared(fcinfo, name, AccessExclusiveLock);
	if (read_declared(fcinfo, name, &layout, function))
	{
		snprintf(layout.name, NAMEDATALEN, "%s", name);
		idgen_layout_refuse_replaced(&layout, row, function);
	}
}

typedef struct TruncatedRow
{
	char	   *name;
	HeapTupleHeader header;		/* its xmin */
} TruncatedRow;

static int
truncated_row_cmp(const ListCell *a, const ListCell *b)
{
	return strcmp(((const TruncatedRow *) lfirst(a))->name,
				  ((const TruncatedRow *) lfirst(b))->name);
}

/*
 * A TRUNCATE fires no row trigger, and the INSERT after it would declare
 * the layout again with another shape: each row it would remove is
 * checked as the row trigger checks one (its xmin with it), by name.
 */
static void
refuse_truncated(FunctionCallInfo fcinfo, Relation table, const char *function)
{
	TupleDesc	desc = RelationGetDescr(table);
	List	   *rows = NIL;
	ListCell   *cell;
	TableScanDesc scan;
	HeapTuple	tuple;
	Snapshot	snapshot = RegisterSnapshot(GetLatestSnapshot());

	/* every row committed: TRUNCATE holds the table's lock */
	scan = table_beginscan(table, snapshot, 0, NULL);
	while ((tuple = heap_getnext(scan, ForwardScanDirection)) != NULL)
	{
		TruncatedRow *row = palloc(sizeof(TruncatedRow));
		bool		isnull;

		/* SPI_getbinval, not heap_getattr: faces_trigger.c says why */
		row->name = TextDatumGetCString(SPI_getbinval(tuple, desc, SPI_fnumber(desc, "name"),
													  &isnull));
		row->header = heap_copytuple(tuple)->t_data;
		rows = lappend(rows, row);
	}
	table_endscan(scan);
	UnregisterSnapshot(snapshot);
	list_sort(rows, truncated_row_cmp);
	foreach(cell, rows)
	{
		TruncatedRow *row = (TruncatedRow *) lfirst(cell);

		refuse_replaced(fcinfo, row->name, row->header, function);
	}
}

/*
 * The triggers of idgen_declared_layouts that a logical replication
 * subscriber's apply fires (ENABLE REPLICA): before it deletes or changes a
 * row, and before it truncates the table. The publisher's
 * idgen_layout_drop() vouched for the publisher only, and layout_id() may
 * have run the layout here: refused unless this server wrote the row since
 * it started and has not run it since; the apply stops, the error in the
 * log. The row's created is the publisher's clock: never asked. Before it
 * inserts a row, the row is counted as written since the start
 * (fresh_layout_rows.h).
 */
static const char *
row_name(HeapTuple tuple, TupleDesc desc)
{
	bool		isnull;

	return TextDatumGetCString(SPI_getbinval(tuple, desc, SPI_fnumber(desc, "name"), &isnull));
}

Datum
sql_idgen_declared_layout_replaced(PG_FUNCTION_ARGS)
{
	TriggerData *trigger = (TriggerData *) fcinfo->context;
	TupleDesc	desc;

	if (!CALLED_AS_TRIGGER(fcinfo) || !TRIGGER_FIRED_BEFORE(trigger->tg_event) ||
		(!TRIGGER_FIRED_FOR_ROW(trigger->tg_event) && !TRIGGER_FIRED_BY_TRUNCATE(trigger->tg_event)))
		ereport(ERROR,
				(errcode(ERRCODE_E_R_I_E_TRIGGER_PROTOCOL_VIOLATED),
				 errmsg("idgen_declared_layout_replaced() runs only as idgen_declared_layouts' "
						"BEFORE row or TRUNCATE trigger")));
	if (TRIGGER_FIRED_BY_TRUNCATE(trigger->tg_event))
	{
		refuse_truncated(fcinfo, trigger->tg_relation, "a replicated TRUNCATE of idgen_declared_layouts");
		return PointerGetDatum(NULL);
	}
	desc = trigger->tg_relation->rd_att;
	if (TRIGGER_FIRED_BY_INSERT(trigger->tg_event))
	{
		idgen_fresh_layout_row_written(row_name(trigger->tg_trigtuple, desc));
		return PointerGetDatum(trigger->tg_trigtuple);
	}
	refuse_replaced(fcinfo, row_name(trigger->tg_trigtuple, desc),
					trigger->tg_trigtuple->t_data, "a replicated change of idgen_declared_layouts");
	if (!TRIGGER_FIRED_BY_UPDATE(trigger->tg_event))
		return PointerGetDatum(trigger->tg_trigtuple);
	/* its new version, let through, is as fresh as the old (under its name, if renamed) */
	idgen_fresh_layout_row_written(row_name(trigger->tg_newtuple, desc));
	return PointerGetDatum(trigger->tg_newtuple);
}

/* idgen_named_layouts(): the core's table, as idgen_layouts shows it */
Datum
sql_idgen_named_layouts(PG_FUNCTION_ARGS)
{
	FuncCallContext *funcctx;
	const idgen_named_layout *n;
	Interval   *unit;
	Datum		values[9];
	bool		nulls[9] = {false};

	if (SRF_IS_FIRSTCALL())
	{
		MemoryContext old;
		TupleDesc	tupdesc;

		funcctx = SRF_FIRSTCALL_INIT();
		old = MemoryContextSwitchTo(funcctx->multi_call_memory_ctx);
		if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
			elog(ERROR, "idgen_named_layouts must be declared to return rows");
		funcctx->tuple_desc = BlessTupleDesc(tupdesc);
		funcctx->max_calls = idgen_named_layout_count();
		MemoryContextSwitchTo(old);
	}
	funcctx = SRF_PERCALL_SETUP();
	if (funcctx->call_cntr >= funcctx->max_calls)
		SRF_RETURN_DONE(funcctx);

	n = idgen_named_layout_at((int) funcctx->call_cntr);
	unit = palloc0(sizeof(Interval));
	unit->time = n->def.unit_us;
	values[0] = CStringGetTextDatum(n->name);
	values[1] = TimestampTzGetDatum(idgen_unix_us_to_timestamptz(n->def.epoch_us));
	values[2] = IntervalPGetDatum(unit);
	values[3] = Int32GetDatum(n->def.time_bits);
	values[4] = Int32GetDatum(n->def.node_bits);
	values[5] = Int32GetDatum(n->def.seq_bits);
	values[6] = BoolGetDatum(n->def.seq_above_node);
	values[7] = BoolGetDatum(n->def.time_in_sign_bit);
	values[8] = CStringGetTextDatum(n->source);
	SRF_RETURN_NEXT(funcctx, HeapTupleGetDatum(heap_form_tuple(funcctx->tuple_desc, values, nulls)));
}
