# multimaster.sh: what the two-way replication tests share (pglogical and
# native logical replication). Source it after pg_server.sh, then:
#   multimaster_insert BASE ROWS TABLE...   two clients on each of nodes 1 and 2
#       (ports BASE+1, BASE+2) insert ROWS rows each into every TABLE at once,
#       100 a transaction: columns origin (the node) and n, the key by its DEFAULT
#   multimaster_digest TABLE...             prints SQL giving, per TABLE,
#       TABLE:count/md5 over every row in key order (equal on both sides once
#       they have caught up)

multimaster_insert() {
  local base=$1 rows=$2; shift 2
  local node c t inserts pids=()
  for node in 1 2; do
    inserts=""
    for t in "$@"; do
      inserts+="INSERT INTO $t (origin, n) SELECT $node, g FROM generate_series(1, 100) g; "
    done
    for c in 1 2; do
      pg_psql $((base + node)) -c "
        DO \$\$ BEGIN FOR b IN 1..($rows / 100) LOOP $inserts COMMIT; END LOOP; END \$\$" &
      pids+=($!)
    done
  done
  wait_all "${pids[@]}"
}

multimaster_digest() {
  local t sep="" rows=""
  for t in "$@"; do
    rows+="$sep SELECT '$t' t, count(*) || '/' || md5(string_agg(id || ',' || origin || ',' || n, ';' ORDER BY id)) d FROM $t"
    sep=" UNION ALL"
  done
  echo "SELECT string_agg(format('%s:%s', t, d), ' ' ORDER BY t) FROM ($rows) x"
}
