# median.sh: the median of the numbers on standard input (spaces or lines),
# for the benchmark scripts that run their rounds themselves.
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
