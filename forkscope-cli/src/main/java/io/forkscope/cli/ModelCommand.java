package io.forkscope.cli;

import io.forkscope.analysis.model.ModelCheck;
import io.forkscope.analysis.model.ModelOptions;
import io.forkscope.analysis.model.PerformanceModel;
import io.forkscope.analysis.model.Prediction;
import io.forkscope.analysis.model.SerialBases;
import io.forkscope.analysis.model.UnfittableRuns;
import io.forkscope.analysis.model.Validation;
import io.forkscope.report.model.IndexRow;
import io.forkscope.report.model.ModelFile;
import io.forkscope.report.model.ModelJson;
import io.forkscope.report.model.ModelText;
import io.forkscope.report.model.SweepIndex;
import io.forkscope.report.model.TrainingSet;
import io.forkscope.report.model.TrialsKept;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "model", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "The performance model of Namsraijav and Taura: fit it on a sweep's runs, predict time at larger n and p, check"
        + " it against measured runs.",
    "Example: forkscope model predict app-model.json --n 64000 -p 32"},
        subcommands = {ModelCommand.Fit.class, ModelCommand.Predict.class, ModelCommand.Check.class})
final class ModelCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** {@code forkscope model} alone: the usage, on stderr. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return Main.USER_ERROR;
    }

    /** The index of DIR (or the index file itself), read; a user error naming it otherwise. */
    static Indexed index(Path dirOrFile) throws IOException {
        Path file = Files.isDirectory(dirOrFile) ? dirOrFile.resolve(SweepIndex.FILE_NAME) : dirOrFile;
        if (!Files.exists(dirOrFile)) {
            throw new UserError(dirOrFile + ": no such directory (the -o DIR of forkscope sweep)");
        }
        try {
            return new Indexed(file, SweepIndex.read(file));
        } catch (SweepIndex.Malformed e) {
            throw new UserError(e.getMessage());
        }
    }

    record Indexed(Path file, List<IndexRow> rows) {}

    static ModelFile.Loaded readModel(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return ModelFile.read(in);
        } catch (NoSuchFileException e) {
            throw new UserError(file + ": no such file (the model forkscope model fit -o writes)");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new UserError(file + ": not a forkscope model (not text)");
        } catch (ModelFile.NotAModel e) {
            throw new UserError(file + ": " + e.getMessage());
        } catch (IOException e) {
            if (Files.isDirectory(file)) {
                throw new UserError(file + ": is a directory, not a model file");
            }
            throw new UserError(file + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    @Command(name = "fit", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
        "Fits the performance model (Eqs. 9-15, and a no-work model on the recorded span) on the runs of a sweep and"
            + " prints every intermediate model's coefficients with its training error.",
        "Runs that spent a tenth or more of P x elapsed off the CPU are refused (the machine's time, not the program's);"
            + " (n, p) points whose trials spread more than a tenth (max - min over the median) are flagged. One line each, on stderr.",
        "Example: forkscope model fit runs -o app-model.json"})
    static final class Fit implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR", description = "a sweep's directory (or its index.csv)")
        Path dir;

        @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write the model as JSON, for predict and check")
        Path output;

        @Option(names = "--exponential", paramLabel = "B", arity = "0..1", parameterConsumer = OptionalBase.class,
                description = "an exponential program (fib, nqueens): the bases take s = B^n where they say n; without B,"
                        + " B is fitted from T1'(n) (the slope of ln T1' against n, weighted by T1'^2) and T1'(n) takes"
                        + " the bases 1, s, s lg s, s lglg s (none that grows faster than the B just fitted);"
                        + " --exponential counts: B fitted from the task counts create_task(n) instead, for T1'(n) too"
                        + " (a recursion cut off at a size, as fib: its work grows as its leaf count; not for a cut-off"
                        + " at a depth, as nqueens); --exponential 2 is the paper's, with Eq. 11's bases")
        String exponential;

        @Option(names = "--cv", paramLabel = "HOW", description = "how each component's bases and regularisation are"
                + " chosen: forward (the default: the bases that, fitted without the penalty on the smaller sizes n,"
                + " best predict the next larger one in relative error), groups (leave one n out, squared error) or"
                + " rows (the paper's 5-fold over runs)")
        String cv = Validation.DEFAULT.key();

        @Option(names = "--trials", paramLabel = "WHICH", description = "which trials of each (n, p) are learnt: median"
                + " (the default: one run per (n, p), each value the median of its trials'), fastest (as"
                + " --fastest-trial) or all (every trial a run, the paper's)")
        String trials;

        @Option(names = "--bases", paramLabel = "LIST", description = "T1'(n)'s bases instead of Eq. 11's, when the"
                + " program's complexity is known: comma-separated products of n, n^K, lg n, lg^K n, lglg n, or 1"
                + " (e.g. \"n lg n\", \"n^2.81\", \"1, n^3\")")
        String bases;

        @Option(names = "--keep-noisy", description = "keep runs with a tenth or more not-running time (flagged, not refused)")
        boolean keepNoisy;

        @Option(names = "--net", description = "learn each run's net time: its elapsed time less the recorder's hooks and"
                + " its threads' time off the CPU, with Delay Spotter's delay (the program's own time, on a machine of its"
                + " own); model check then measures its runs the same way")
        boolean net;

        @Option(names = "--fastest-trial", description = "learn only the fastest trial of each (n, p), the least"
                + " disturbed by other processes (a disturbance only lengthens a run); model check then keeps the"
                + " fastest of its trials too (the same as --trials fastest)")
        boolean fastestTrial;

        @Option(names = "--force", description = "overwrite FILE if it exists")
        boolean force;

        @Option(names = "--json", description = "print the model as JSON (the file's format) instead of the text")
        boolean json;

        @Override
        public Integer call() throws Exception {
            ModelOptions options = options();
            TrialsKept kept = trialsKept();
            Path out = output == null ? null : OutputPath.file(output, force, "-o");
            Indexed index = index(dir);
            PrintWriter err = spec.commandLine().getErr();
            TrainingSet set = TrainingSet.screen(index.rows(), keepNoisy, true, net, kept);
            set.refused().forEach(l -> err.println("forkscope model fit: " + l));
            set.flagged().forEach(l -> err.println("forkscope model fit: " + l));
            err.flush();
            if (set.kept().isEmpty()) {
                throw new UserError(index.file() + ": no run to fit (" + (index.rows().isEmpty() ? "the index is empty"
                        : "all " + index.rows().size() + " refused; --keep-noisy keeps the noisy ones") + ")");
            }
            PerformanceModel model;
            try {
                model = PerformanceModel.fit(set.runs(), options);
            } catch (UnfittableRuns e) {
                throw new UserError(index.file() + ": " + e.getMessage());
            }
            if (options.baseFrom() == ModelOptions.BaseFrom.TASK_COUNTS) {
                warnIfWorkPerTaskMoves(set.runs(), err);
            }
            PrintWriter o = spec.commandLine().getOut();
            if (json) {
                ModelJson.fit(model, set.grid(), o);
            } else {
                ModelText.fit(model, set.grid(), index.file().toString(), options.baseFrom(), o);
            }
            if (out != null) {
                try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
                    ModelFile.write(model, set.grid(), w);
                }
                err.println("forkscope model fit: the model is in " + out + " (forkscope model predict "
                        + ShellWords.quote(out) + " --n N -p P)");
            }
            return 0;
        }

        /**
         * b from the counts takes T1' per task as constant in n; where it moved more than a tenth a step over the
         * trained sizes (nqueens: 3.4-3.7x, a cut-off at a depth), a warning on stderr says so and names the
         * alternative. Noise moves it less: fib's was 0.94, 0.96 and 1.05x at n 35..38 in three sweeps (runs 5-7).
         */
        private static void warnIfWorkPerTaskMoves(List<io.forkscope.analysis.model.TrainingRun> runs, PrintWriter err) {
            java.util.OptionalDouble g = io.forkscope.analysis.model.ExponentialBase.workPerTaskGrowth(runs);
            if (g.isPresent() && Math.abs(Math.log(g.getAsDouble())) > Math.log(1.1)) {
                err.println(String.format(java.util.Locale.ROOT, "forkscope model fit: warning: T1' per task changed"
                        + " %.3gx a step of n over the trained sizes, where --exponential counts takes it as constant"
                        + " (each leaf the same work; a cut-off at a recursion depth makes deeper leaves with more work"
                        + " each): --exponential alone fits b from T1'(n)", g.getAsDouble()));
                err.flush();
            }
        }

        /** The options' fit, or a user error naming the option that does not read. */
        private ModelOptions options() {
            Validation validation;
            try {
                validation = Validation.of(cv);
            } catch (IllegalArgumentException e) {
                throw new UserError("--cv: " + e.getMessage());
            }
            ModelOptions options = exponential == null ? ModelOptions.linear()
                    : OptionalBase.FITTED.equals(exponential) ? ModelOptions.exponentialFitted()
                    : OptionalBase.COUNTS.equals(exponential) ? ModelOptions.exponentialFromCounts()
                    : ModelOptions.exponential(OptionalBase.base(exponential));
            options = options.withValidation(validation);
            if (bases != null) {
                try {
                    options = options.withSerialBases(SerialBases.parse(bases));
                } catch (SerialBases.Unreadable e) {
                    throw new UserError("--bases: " + e.getMessage());
                }
            }
            return options;
        }

        private TrialsKept trialsKept() {
            if (trials == null) {
                return fastestTrial ? TrialsKept.FASTEST : TrialsKept.DEFAULT;
            }
            TrialsKept kept;
            try {
                kept = TrialsKept.of(trials);
            } catch (IllegalArgumentException e) {
                throw new UserError("--trials: " + e.getMessage());
            }
            if (fastestTrial && kept != TrialsKept.FASTEST) {
                throw new UserError("--fastest-trial and --trials " + trials + " contradict each other; give one");
            }
            return kept;
        }
    }

    /**
     * {@code --exponential} with an optional B: the next argument is taken as B only if it is a number, so that
     * {@code model fit --exponential runs} still means a fitted b on the sweep runs (picocli's own optional
     * parameter would take "runs" as B).
     */
    static final class OptionalBase implements picocli.CommandLine.IParameterConsumer {
        /** The option's value when no B follows: b is fitted. */
        static final String FITTED = "fit";
        /** The option's value {@code counts}: b is fitted from the task counts, for T1' too. */
        static final String COUNTS = "counts";
        private static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile(
                "[0-9]+(\\.[0-9]*)?([eE][+-]?[0-9]+)?");

        @Override
        public void consumeParameters(java.util.Stack<String> args, picocli.CommandLine.Model.ArgSpec argSpec,
                                      CommandSpec commandSpec) {
            argSpec.setValue(!args.isEmpty() && (NUMBER.matcher(args.peek()).matches() || COUNTS.equals(args.peek()))
                    ? args.pop() : FITTED);
        }

        /** B, or a user error: b must be a number above 1 (s = b^n must grow with n). */
        static double base(String text) {
            double b = Double.parseDouble(text);
            if (!(b > 1) || Double.isInfinite(b)) {
                throw new UserError("--exponential " + text + ": the base must be a number above 1 (2 is the paper's)");
            }
            return b;
        }
    }

    @Command(name = "predict", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
        "Predicts time(n, p) and its components (work, delay, no-work by both models) from a fitted model, and says"
            + " how far (n, p) lies beyond the training grid.",
        "Example: forkscope model predict app-model.json --n 64000 -p 32"})
    static final class Predict implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "MODEL", description = "a model written by forkscope model fit -o")
        Path file;

        @Option(names = "--n", paramLabel = "N", required = true, description = "the problem size")
        double n;

        @Option(names = {"-p", "--workers"}, paramLabel = "P", required = true, description = "the worker count")
        int p;

        @Option(names = "--json", description = "JSON for scripts (nanoseconds as integers)")
        boolean json;

        @Override
        public Integer call() throws Exception {
            if (!(n >= 0) || Double.isInfinite(n)) {
                throw new UserError("--n must be a problem size of 0 or more, not " + n);
            }
            if (p < 1) {
                throw new UserError("-p must be at least 1, not " + p);
            }
            ModelFile.Loaded loaded = readModel(file);
            Prediction q = loaded.model().predict(n, p);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                ModelJson.predict(q, loaded.grid(), loaded.model().scale(), file.toString(), out);
            } else {
                ModelText.predict(q, loaded.grid(), loaded.model().scale(), file.toString(), out);
            }
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
        "Compares a fitted model with measured runs (a sweep's directory): predicted against measured per run, and"
            + " the error |actual - predicted| / actual per component, median and quartiles, for both no-work models.",
        "Example: forkscope model check app-model.json runs-big"})
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "MODEL", description = "a model written by forkscope model fit -o")
        Path file;

        @Parameters(index = "1", paramLabel = "DIR", description = "a sweep's directory (or its index.csv)")
        Path dir;

        @Option(names = "--json", description = "JSON for scripts (nanoseconds as integers, errors as ratios)")
        boolean json;

        @Override
        public Integer call() throws Exception {
            ModelFile.Loaded loaded = readModel(file);
            Indexed index = index(dir);
            if (index.rows().isEmpty()) {
                throw new UserError(index.file() + ": no run to check (the index is empty)");
            }
            PrintWriter err = spec.commandLine().getErr();
            // a median model is checked on every trial (the median error over them is the typical run's)
            TrainingSet set = TrainingSet.screen(index.rows(), true, false, loaded.grid().net(),
                    loaded.grid().fastestTrial());
            if (loaded.grid().net() || loaded.grid().fastestTrial()) {
                err.println("forkscope model check: as the model was fitted: " + String.join(" and ",
                        java.util.stream.Stream.of(loaded.grid().net() ? "each run's net time (without the recorder's"
                                + " hooks and the time off the CPU)" : null, loaded.grid().fastestTrial()
                                ? "the fastest trial of each (n, p)" : null).filter(java.util.Objects::nonNull)
                                .toList()));
            }
            set.flagged().forEach(l -> err.println("forkscope model check: " + l));
            err.flush();
            ModelCheck check = ModelCheck.of(loaded.model(), set.runs());
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                ModelJson.check(check, set.kept(), file.toString(), index.file().toString(), out);
            } else {
                ModelText.check(check, set.kept(), file.toString(), index.file().toString(), out);
            }
            return 0;
        }
    }
}
