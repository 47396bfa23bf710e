# The experiment's grid per program (sourced by suite.sh, errors.sh and simulate.sh).
# Training kernels last some 10-100 ms unrecorded on this machine, the check's up to ~2 s; the
# check's n is 4x the largest trained n (fft, sort, sparselu, strassen) or, for the exponential fib
# and nqueens, 4x or more the work (fib 36 = 33 + 3: phi^3 = 4.2x; nqueens 13: ~6x the work of 12,
# ~30x of 11).
ALL_PROGRAMS=(fft fib nqueens sort sparselu strassen)
grid() {
    TRAIN_WARMUP=5
    CHECK_WARMUP=2
    EXPONENTIAL=""
    case "$1" in
        fft)      CUTOFF=2048; TRAIN_N=65536,131072,262144,524288;   CHECK_N=2097152 ;;
        fib)      CUTOFF=14;   TRAIN_N=30,31,32,33;                  CHECK_N=35,36; EXPONENTIAL=--exponential ;;
        nqueens)  CUTOFF=3;    TRAIN_N=8,9,10,11;                    CHECK_N=12,13; EXPONENTIAL=--exponential ;;
        sort)     CUTOFF=2048; TRAIN_N=131072,262144,524288,1048576; CHECK_N=4194304 ;;
        sparselu) CUTOFF=32;   TRAIN_N=8,12,16,20;                   CHECK_N=80 ;;
        strassen) CUTOFF=3;    TRAIN_N=128,256,512;                  CHECK_N=2048 ;;
        *) echo "unknown program $1 (one of ${ALL_PROGRAMS[*]})" >&2; return 2 ;;
    esac
}
