/*
 * settings.h: the idgen.* configuration parameters (settings.c).
 *
 * Whatever decides uniqueness is set in postgresql.conf (or ALTER SYSTEM)
 * only; the shared generators bind the epochs to their reservation
 * (reservation.h), so a later change is checked against what was issued.
 */
#ifndef IDGEN_PG_SETTINGS_H
#define IDGEN_PG_SETTINGS_H

#include "postgres.h"

#define IDGEN_NODE_ID_UNSET (-1)	/* idgen.node_id's default: none */
extern int	idgen_node_id;
/* Citus's group id where idgen.node_id is unset (cluster_node.c), per backend */
extern int	idgen_cluster_node_id;
extern int64 idgen_snowflake_epoch_ms;
extern int64 idgen_shard_epoch_ms;
/* a real with a unit, so that days past 24.8 (int ms) can be set */
extern double idgen_max_clock_lead_ms;
/* how far a promoted server's generators move past what it received */
extern int	idgen_promotion_margin_ms;

extern void idgen_define_settings(bool preloading);
extern int	idgen_max_node_id(void);

/* Before a generator reads idgen_node(): takes the Citus group if unset. */
extern void idgen_resolve_node_id(const char *function);

/* The node id generators put in their IDs: the setting, else the group. */
static inline int
idgen_node(void)
{
	return idgen_node_id != IDGEN_NODE_ID_UNSET ? idgen_node_id : idgen_cluster_node_id;
}

#endif
