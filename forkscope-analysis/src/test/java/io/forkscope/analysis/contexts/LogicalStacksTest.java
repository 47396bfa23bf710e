package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.FrameKind;
import io.forkscope.model.contexts.Sample;
import io.forkscope.model.contexts.StackSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The cut at the pool's run loop on stacks captured from a real fork/join run in this JVM (the test
 * runs on JDK 17 and, with surefire's {@code -Djvm=}, on JDK 25; the shapes are written to
 * target/contexts-stacks-&lt;version&gt;.txt). A pool of one worker makes the shapes deterministic:
 * root forks {@code forked}, calls {@code invokeAll(inlined)} (run in the caller's thread), then
 * joins {@code forked}, which is still in the worker's own queue, so the joiner runs it itself
 * (a nested doExec inside join).
 */
class LogicalStacksTest {
    static final Map<String, StackTraceElement[]> STACKS = new ConcurrentHashMap<>();

    static final class Step extends RecursiveAction {
        final String name;

        Step(String name) {
            this.name = name;
        }

        @Override
        protected void compute() {
            STACKS.put(name, Thread.currentThread().getStackTrace());
            if (name.equals("root")) {
                Step forked = new Step("forked");
                forked.fork();
                invokeAll(new Step("inlined"));
                forked.join();
            }
        }
    }

    /** Frames as the agent would classify them, except that this test's own classes count as program code. */
    static List<Frame> frames(StackTraceElement[] stack) {
        List<Frame> frames = new ArrayList<>();
        for (StackTraceElement e : stack) {
            if (e.getClassName().equals(Thread.class.getName()) && e.getMethodName().equals("getStackTrace")) {
                continue; // the capture itself
            }
            Frame f = Frame.of(e);
            frames.add(e.getClassName().startsWith(LogicalStacksTest.class.getName())
                    ? new Frame(f.className(), f.methodName(), f.line(), f.bci(), FrameKind.PROGRAM) : f);
        }
        return frames;
    }

    static Map<String, List<Frame>> captureStacks() throws IOException {
        STACKS.clear();
        ForkJoinPool pool = new ForkJoinPool(1);
        try {
            pool.invoke(new Step("root"));
        } finally {
            pool.shutdown();
        }
        Map<String, List<Frame>> stacks = new ConcurrentHashMap<>();
        STACKS.forEach((name, stack) -> stacks.put(name, frames(stack)));
        StringBuilder shapes = new StringBuilder("java.version " + System.getProperty("java.version") + "\n");
        for (String name : List.of("root", "inlined", "forked")) {
            shapes.append(name).append(":\n");
            stacks.get(name).forEach(f -> shapes.append("  ").append(f.label()).append(" [").append(f.kind()).append("]\n"));
        }
        Path out = Path.of("target", "contexts-stacks-" + Runtime.version().feature() + ".txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, shapes);
        return stacks;
    }

    static List<String> methods(List<Frame> frames) {
        return frames.stream().map(f -> f.className().substring(f.className().lastIndexOf('.') + 1) + "." + f.methodName())
                .collect(Collectors.toList());
    }

    @Test
    void aTaskRunByAWorkerStartsAtItsComputeBelowItsContext() throws IOException {
        Map<String, List<Frame>> stacks = captureStacks();
        List<Frame> root = stacks.get("root");
        assertThat(methods(root)).contains("ForkJoinWorkerThread.run", "ForkJoinTask.doExec", "RecursiveAction.exec");
        assertThat(methods(LogicalStacks.taskFrames(root))).containsExactly("LogicalStacksTest$Step.compute");

        ContextTree tree = new ContextTree();
        int submitted = tree.child(ContextTree.ROOT, Frame.of("app.Main", "main", 7, -1));
        int node = LogicalStacks.contextOf(tree, submitted, root);
        assertThat(methods(tree.path(node))).containsExactly("Main.main", "LogicalStacksTest$Step.compute");
        // interned: the same stack and context give the same node
        assertThat(LogicalStacks.contextOf(tree, submitted, root)).isEqualTo(node);
    }

    @Test
    void aTaskRunByAHelpingJoinerGetsTheJoinedTasksContextNotTheJoiners() throws IOException {
        Map<String, List<Frame>> stacks = captureStacks();
        List<Frame> forked = stacks.get("forked");
        List<String> physical = methods(forked);
        // the physical stack: forked's compute, run from root's join, run from the worker's loop
        assertThat(physical).contains("ForkJoinTask.join", "ForkJoinWorkerThread.run");
        assertThat(physical.stream().filter(m -> m.equals("ForkJoinTask.doExec")).count()).isEqualTo(2);
        assertThat(physical.stream().filter(m -> m.equals("LogicalStacksTest$Step.compute")).count()).isEqualTo(2);
        assertThat(methods(LogicalStacks.taskFrames(forked))).containsExactly("LogicalStacksTest$Step.compute");

        ContextTree tree = new ContextTree();
        int rootTask = tree.child(ContextTree.ROOT, Frame.of("app.Main", "main", 7, -1));
        Frame forkSite = Frame.of(Step.class.getName(), "compute", 49, -1);
        int forkedTask = tree.child(tree.child(rootTask, stacks.get("root").get(0)), forkSite);
        Sample s = LogicalStacks.resolve(tree, forkedTask, new StackSample(1, 0, forked, false));
        assertThat(tree.path(s.node())).hasSize(4);
        assertThat(tree.path(s.node()).get(3).methodName()).isEqualTo("compute");
        assertThat(tree.parent(s.node())).isEqualTo(forkedTask);
        assertThat(s.topKind()).isEqualTo(FrameKind.PROGRAM);
    }

    @Test
    void aTaskInvokedInTheCallersThreadIsCutAtItsOwnDoExec() throws IOException {
        List<Frame> inlined = captureStacks().get("inlined");
        assertThat(methods(inlined)).contains("ForkJoinTask.invokeAll");
        assertThat(methods(LogicalStacks.taskFrames(inlined))).containsExactly("LogicalStacksTest$Step.compute");
    }

    /**
     * Inside a collapsed DAG node the tasks nested in its task are no nodes: cut at the held task's
     * doExec (by depth from the bottom), the chain reads as the tasks' methods, the pool's nesting
     * frames (join, awaitDone, doExec, exec, invokeAll, helpJoin...) left out; real stacks, both JDKs.
     */
    @Test
    void insideACollapsedNodeTheCutIsAtTheHeldTaskAndTheNestedTasksStay() throws IOException {
        Map<String, List<Frame>> stacks = captureStacks();
        String compute = "LogicalStacksTest$Step.compute";
        List<Frame> forked = stacks.get("forked");     // root's join ran it: two doExec frames
        assertThat(methods(LogicalStacks.taskFrames(forked, 1))).containsExactly(compute, compute);
        assertThat(methods(LogicalStacks.taskFrames(forked, 2))).containsExactly(compute);
        assertThat(methods(LogicalStacks.taskFrames(forked, 3))).containsExactly(compute);   // beyond: innermost
        assertThat(methods(LogicalStacks.taskFrames(forked, 0))).containsExactly(compute);
        List<Frame> inlined = stacks.get("inlined");   // root's invokeAll ran it
        assertThat(methods(LogicalStacks.taskFrames(inlined, 1))).containsExactly(compute, compute);
        // a runtime frame on top stays on top: the sample is overhead
        List<Frame> pushing = new ArrayList<>(forked);
        pushing.add(0, Frame.of("java.util.concurrent.ForkJoinPool$WorkQueue", "push", 1, -1));
        List<Frame> cut = LogicalStacks.taskFrames(pushing, 1);
        assertThat(methods(cut)).containsExactly(compute, compute, "ForkJoinPool$WorkQueue.push");
    }

    @Test
    void runtimeFramesOnTopStayAndMakeTheSampleOverhead() {
        List<Frame> stack = List.of(
                Frame.of("java.util.concurrent.ForkJoinPool$WorkQueue", "push", 1, -1),
                Frame.of("java.util.concurrent.ForkJoinTask", "fork", 2, -1),
                Frame.of("app.Sum", "compute", 3, -1),
                Frame.of("java.util.concurrent.RecursiveTask", "exec", 4, -1),
                Frame.of("java.util.concurrent.ForkJoinTask", "doExec", 5, -1),
                Frame.of("java.util.concurrent.ForkJoinPool$WorkQueue", "topLevelExec", 6, -1),
                Frame.of("java.util.concurrent.ForkJoinPool", "scan", 7, -1),
                Frame.of("java.util.concurrent.ForkJoinPool", "runWorker", 8, -1),
                Frame.of("java.util.concurrent.ForkJoinWorkerThread", "run", 9, -1));
        assertThat(methods(LogicalStacks.taskFrames(stack))).containsExactly("Sum.compute", "ForkJoinTask.fork", "ForkJoinPool$WorkQueue.push");
        ContextTree tree = new ContextTree();
        Sample s = LogicalStacks.resolve(tree, ContextTree.ROOT, new StackSample(1, 0, stack, false));
        assertThat(s.topKind()).isEqualTo(FrameKind.RUNTIME);
        // a worker sampled in its scan loop, outside any task: the whole stack, runtime on top
        List<Frame> scanning = stack.subList(6, 9);
        assertThat(LogicalStacks.taskFrames(scanning)).hasSize(3);
        // only the pool's frames above doExec: nothing of the task's own, and the sample is overhead
        Sample inPool = LogicalStacks.resolve(tree, 0, new StackSample(1, 0, stack.subList(3, 9), false));
        assertThat(inPool.node()).isEqualTo(ContextTree.ROOT);
        assertThat(inPool.topKind()).isEqualTo(FrameKind.RUNTIME);
        assertThat(Arrays.asList(FrameKind.ofClass("io.forkscope.recorder.fj.ForkJoinHooks"), FrameKind.ofClass("io.forkscope.samples.Fib"),
                FrameKind.ofClass("java.util.concurrent.locks.LockSupport"), FrameKind.ofClass("java.util.stream.ReduceOps")))
                .containsExactly(FrameKind.TOOL, FrameKind.PROGRAM, FrameKind.RUNTIME, FrameKind.PROGRAM);
    }
}
