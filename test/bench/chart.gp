# chart.gp: results/chart.png from report.sh's two data files (dir is set
# on the command line): per-row cost and primary-key index size per generator.
set terminal pngcairo size 1400,1100 font "sans,10"
set output dir."/chart.png"
set multiplot layout 2,1
set style fill solid 0.8 border -1
set boxwidth 0.7
set grid ytics
set xtics rotate by -40 left noenhanced
set bmargin 12
set key off
set rmargin 16
set title noenhanced

set title "Per-row cost: SELECT count(f) FROM generate_series (median µs per row, log scale)"
set logscale y
set ylabel "µs per row"
plot dir."/chart_per_row.dat" using 0:2:xtic(1) with boxes lc rgb "#4472c4", \
     ''                        using 0:2:(sprintf("%.2f", $2)) with labels offset 0,0.7 font "sans,8"

set title "Primary-key index size after the bulk insert (MB)"
unset logscale y
set yrange [0:*]
set ylabel "MB"
plot dir."/chart_index.dat" using 0:2:xtic(1) with boxes lc rgb "#ed7d31", \
     ''                     using 0:2:(sprintf("%.1f", $2)) with labels offset 0,0.7 font "sans,8"
unset multiplot
