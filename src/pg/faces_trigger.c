/*
 * faces_trigger.c: uuid_v47_faces(key, id_column, face_column), a BEFORE
 * INSERT OR UPDATE row trigger that stores a row's UUIDv7 and its face at
 * insert, so that a role that inserts rows and reads faces needs no encoder
 * and no key. The key is granted to the table's owner, not to whoever
 * inserts.
 *
 * The trigger makes the v7 itself (uuid_v7_ms(): rand_a random) and
 * overwrites any value given: an inserter who chose the v7 would get the
 * face of any v7, and encoding is decoding (docs/public-ids.md). For the
 * same reason an UPDATE may not change either column.
 */
#include "keys.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "commands/trigger.h"
#include "executor/spi.h"
#include "utils/builtins.h"
#include "utils/rel.h"
#include "utils/uuid.h"

#include "../core/uuid.h"
#include "../core/uuid_v47.h"
#include "report.h"

PG_FUNCTION_INFO_V1(sql_uuid_v47_faces);

#define FUNCTION "uuid_v47_faces"

/* The attribute number of the trigger's uuid column argument `at`. */
static int
uuid_column(TriggerData *trigger, int at)
{
	Relation	rel = trigger->tg_relation;
	const char *column = trigger->tg_trigger->tgargs[at];
	int			attnum = SPI_fnumber(RelationGetDescr(rel), column);

	if (attnum <= 0)
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_COLUMN),
				 errmsg(FUNCTION ": table %s has no column \"%s\"", RelationGetRelationName(rel), column)));
	if (TupleDescAttr(RelationGetDescr(rel), attnum - 1)->atttypid != UUIDOID)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg(FUNCTION ": column \"%s\" of table %s is not of type uuid", column,
						RelationGetRelationName(rel))));
	return attnum;
}

static bool
same_value(HeapTuple a, HeapTuple b, TupleDesc desc, int attnum)
{
	bool		a_null,
				b_null;
	/*
	 * SPI_getbinval, not heap_getattr: that inline calls functions a later
	 * minor release's headers have and an older server's binary lacks
	 */
	Datum		x = SPI_getbinval(a, desc, attnum, &a_null);
	Datum		y = SPI_getbinval(b, desc, attnum, &b_null);

	if (a_null || b_null)
		return a_null == b_null;
	return memcmp(DatumGetUUIDP(x), DatumGetUUIDP(y), UUID_LEN) == 0;
}

Datum
sql_uuid_v47_faces(PG_FUNCTION_ARGS)
{
	TriggerData *trigger = (TriggerData *) fcinfo->context;
	TupleDesc	desc;
	int			columns[2];
	Datum		values[2];
	bool		nulls[2] = {false, false};
	idgen_uuid	v7;
	idgen_uuid *face;
	const idgen_sip_key *key;

	if (!CALLED_AS_TRIGGER(fcinfo) || !TRIGGER_FIRED_BEFORE(trigger->tg_event) ||
		!TRIGGER_FIRED_FOR_ROW(trigger->tg_event) || TRIGGER_FIRED_BY_DELETE(trigger->tg_event))
		ereport(ERROR,
				(errcode(ERRCODE_E_R_I_E_TRIGGER_PROTOCOL_VIOLATED),
				 errmsg(FUNCTION "() runs only as a BEFORE INSERT OR UPDATE ... FOR EACH ROW trigger")));
	if (trigger->tg_trigger->tgnargs != 3)
		ereport(ERROR,
				(errcode(ERRCODE_E_R_I_E_TRIGGER_PROTOCOL_VIOLATED),
				 errmsg(FUNCTION "() takes 3 arguments (key name, id column, face column), not %d",
						trigger->tg_trigger->tgnargs)));
	desc = RelationGetDescr(trigger->tg_relation);
	columns[0] = uuid_column(trigger, 1);
	columns[1] = uuid_column(trigger, 2);
	if (TRIGGER_FIRED_BY_UPDATE(trigger->tg_event))
	{
		for (int c = 0; c < 2; c++)
			if (!same_value(trigger->tg_trigtuple, trigger->tg_newtuple, desc, columns[c]))
				ereport(ERROR,
						(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
						 errmsg(FUNCTION ": column \"%s\" of table %s is set at insert and never changed",
								trigger->tg_trigger->tgargs[c + 1], RelationGetRelationName(trigger->tg_relation))));
		return PointerGetDatum(trigger->tg_newtuple);
	}
	key = idgen_named_key(fcinfo, cstring_to_text(trigger->tg_trigger->tgargs[0]),
						  trigger->tg_relation->rd_rel->relowner, FUNCTION);
	face = palloc(sizeof(idgen_uuid));
	(void) idgen_copy_or_raise(idgen_uuid_v7_ms_now(&v7), &v7, sizeof v7, FUNCTION);
	(void) idgen_uuid_v47_encode(&v7, key, face);
	values[0] = UUIDPGetDatum((pg_uuid_t *) palloc(sizeof(idgen_uuid)));
	memcpy(DatumGetPointer(values[0]), &v7, sizeof v7);
	values[1] = UUIDPGetDatum((pg_uuid_t *) face);
	return PointerGetDatum(heap_modify_tuple_by_cols(trigger->tg_trigtuple, desc, 2, columns, values, nulls));
}
