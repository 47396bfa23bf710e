# The experiment's grid per program (sourced by suite.sh and simulate.sh).
#
# Training sizes lie in one memory regime: fft's and sort's arrays are beyond the 32 MB L3 of this
# machine at every trained n (a grid that crosses the cache trains the bases on a jump in the time
# per element, and n^2 terms then explode beyond it: the first run's fft T1' was 140-890% off).
# The check's n is 4x the largest trained n (fft, sort, sparselu, strassen) or, for the
# exponential fib and nqueens, 4x or more the work (below). strassen's cut-off is a recursion depth: at depth 2 every n >= 256
# makes the same 7 + 49 tasks, so its task counts are constant over the grid.
#
# Issue 23's refit of run 3 (docs/model.md "Run 3 refitted") changed the grids of four programs, not
# yet swept; the costs are estimated from run 3's index.csv (a run costs about 0.8 s of JVM and set-up,
# 2 s for sparselu's and strassen's large inputs, plus (W + 1) x its region's time):
# - every program trains at least 3 sizes, so that forward chaining (model fit --cv forward) has
#   a fold that fits two sizes and scores the third: strassen had 2 (256, 512), now 256, 512, 1024, and
#   its check moves to 4 x 1024 = 4096 (CHECK_WARMUP 1: each kernel there takes about 12 s on 1 worker);
# - the smallest sizes measured the JIT and the clock, not the program: fib 32..34 took 6.5-15 ms with
#   2x between trials, nqueens 8, 9 under 1 ms, sparselu 8, 12 between 1.6 and 21 ms (2 trials of 3 at
#   n 12 were 5x the third). fib now trains at 35..38 (40-190 ms a run) and checks 41, 42 (phi^3 = 4.2x
#   and phi^4 = 6.9x the work of 38), nqueens at 10..12 and checks 13, 14 (about 6x and 36x the work
#   of 12), sparselu at 16..28 (8-60 ms) and checks 4 x 28 = 112.
# Estimated sweep time (3 trials, p 1 and 2): fib 34 s train + 46 s check (run 3: 15 + 15), nqueens
# 18 + 64 s (18 + 17), sparselu 5 + 77 s (20 + 36), strassen 13 + 124 s (12 + 34); fft and sort
# unchanged (58 + 101, 31 + 30): about 12 minutes in all, against run 3's 7.
#
# Warm-up (2026-11-29, docs/model.md run 9): the training sizes' kernels are short, and the JIT takes more
# of them to settle than the 3-5 warm-up runs these grids had: without the agent, on 1 and 2 workers, the
# kernel's time fell until the 5th run (fft 1M: 272 ms → 117), the 7th (sort 1M: 227 → 94, fib 35 on 2
# workers: 79 → 16), the 7th-10th (strassen 1024 on 2 workers: 1.2-2.1 s for six runs, then 0.2-0.3 s;
# sparselu 16: 78 → 11 ms at the 11th). A training run measured in that tail is slower by 25-700%, more
# at the smaller sizes. So every training size warms up 12 runs, a few seconds more a run: the training
# points are steadier, though run 9's errors were not lower than run 8's (docs/model.md). The check sizes'
# kernels are long enough for the JIT to settle within the first (fib 41, nqueens 13: 2nd to 5th within
# 15% of one another); what moves them is the machine (fft 16M, 1 worker: 4.2-4.6 s in one series,
# 6.0-6.8 s in the next; sparselu 112: 6.0-8.7 s within one JVM).
ALL_PROGRAMS=(fft fib nqueens sort sparselu strassen)
grid() {
    TRAIN_WARMUP=12
    CHECK_WARMUP=2
    EXPONENTIAL=""
    case "$1" in
        fft)      CUTOFF=2048; TRAIN_N=1048576,2097152,4194304; CHECK_N=16777216 ;;
        fib)      CUTOFF=14;   TRAIN_N=35,36,37,38;             CHECK_N=41,42; EXPONENTIAL=--exponential ;;
        nqueens)  CUTOFF=3;    TRAIN_N=10,11,12;                CHECK_N=13,14; EXPONENTIAL=--exponential ;;
        sort)     CUTOFF=2048; TRAIN_N=1048576,2097152,4194304; CHECK_N=16777216 ;;
        sparselu) CUTOFF=32;   TRAIN_N=16,20,24,28;             CHECK_N=112 ;;
        strassen) CUTOFF=2;    TRAIN_N=256,512,1024;            CHECK_N=4096; CHECK_WARMUP=1 ;;
        *) echo "unknown program $1 (one of ${ALL_PROGRAMS[*]})" >&2; return 2 ;;
    esac
}
