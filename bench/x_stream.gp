# x stream per workload, tix at 1 and 2 threads beside the best peer (bench/report.sh calls it):
#   gnuplot -e "datafile='DATA'; outfile='OUT.svg'" bench/x_stream.gp
# DATA: tab-separated lines "workload, x stream 1 thread, x stream 2 threads, goal, best peer".
set terminal svg size 1000,600 noenhanced font "sans,12" background rgb "white"
set output outfile
set datafile separator "\t"
set title "tix: time relative to a STREAM copy of the same bytes (x stream, lower is better)"
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.9 border rgb "#444444"
set boxwidth 0.9
# The y axis starts at 0.5, or lower when some figure is (a workload that fits in cache).
stats datafile using 2 nooutput name "one"
stats datafile using 3 nooutput name "two"
low = one_min < two_min ? one_min : two_min
set logscale y
set yrange [(low < 0.5 ? low * 0.8 : 0.5):*]
set ytics (0.1, 0.2, 0.5, 1, 1.3, 2, 3, 5, 10, 20, 30, 50, 100)
set ylabel "x stream (log scale)"
set xtics rotate by 30 right scale 0 nomirror
set xrange [-0.6:*]
set grid ytics lc rgb "#dddddd"
set key top left box opaque
set bmargin 7
plot datafile using 2:xtic(1) title "tix, 1 thread" lc rgb "#4477aa", \
     '' using 3 title "tix, 2 threads" lc rgb "#88ccee", \
     '' using ($0 - 0.45):4:(0.9):(0) with vectors nohead lw 2 lc rgb "#228833" notitle, \
     '' using 0:5 with points pt 7 ps 1.1 lc rgb "#cc3311" title "best peer (WORKLOADS.md)", \
     1.3 with lines lw 2 lc rgb "#228833" title "goal 1.3 (gather_last_axis: 1.6)", \
     1.0 with lines dt 2 lw 1.5 lc rgb "black" title "1.0: the STREAM floor"
