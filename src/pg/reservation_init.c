/*
 * reservation_init.c: idgen_reservation_init(), run by CREATE EXTENSION and
 * the update to 0.3.0, and by a superuser whose server lost its reservation
 * file (the refusal's hint says when that is safe).
 */
#include "idgen.h"

#include "miscadmin.h"

PG_FUNCTION_INFO_V1(sql_idgen_reservation_init);

Datum
sql_idgen_reservation_init(PG_FUNCTION_ARGS)
{
	if (!superuser())
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied for idgen_reservation_init()"),
				 errdetail("Only a superuser may start the shared generators from the clock.")));
	idgen_reservation_init();
	PG_RETURN_VOID();
}
