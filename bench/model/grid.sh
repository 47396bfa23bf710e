# The experiment's grid per program (sourced by suite.sh and simulate.sh).
#
# Training sizes lie in one memory regime: fft's and sort's arrays are beyond the 32 MB L3 of this
# machine at every trained n (a grid that crosses the cache trains the bases on a jump in the time
# per element, and n^2 terms then explode beyond it: the first run's fft T1' was 140-890% off).
# The check's n is 4x the largest trained n (fft, sort, sparselu, strassen) or, for the
# exponential fib and nqueens, 4x or more the work (fib 38 = 35 + 3: phi^3 = 4.2x; nqueens 12 and 13:
# ~5x and ~30x the work of 11). strassen's cut-off is a recursion depth: at depth 2 every n >= 256
# makes the same 7 + 49 tasks, so its task counts are constant over the grid.
ALL_PROGRAMS=(fft fib nqueens sort sparselu strassen)
grid() {
    TRAIN_WARMUP=5
    CHECK_WARMUP=2
    EXPONENTIAL=""
    case "$1" in
        fft)      CUTOFF=2048; TRAIN_N=1048576,2097152,4194304; CHECK_N=16777216; TRAIN_WARMUP=3 ;;
        fib)      CUTOFF=14;   TRAIN_N=32,33,34,35;             CHECK_N=37,38; EXPONENTIAL=--exponential ;;
        nqueens)  CUTOFF=3;    TRAIN_N=8,9,10,11;               CHECK_N=12,13; EXPONENTIAL=--exponential ;;
        sort)     CUTOFF=2048; TRAIN_N=1048576,2097152,4194304; CHECK_N=16777216; TRAIN_WARMUP=3 ;;
        sparselu) CUTOFF=32;   TRAIN_N=8,12,16,20;              CHECK_N=80 ;;
        strassen) CUTOFF=2;    TRAIN_N=256,512;                 CHECK_N=2048 ;;
        *) echo "unknown program $1 (one of ${ALL_PROGRAMS[*]})" >&2; return 2 ;;
    esac
}
