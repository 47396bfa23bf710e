package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.FrameKind;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The stacks of the threads that submitted tasks from outside the pools, one per submission (the
 * recorder's JFR event {@value #EVENT}, with {@code --sample --mode dag --sites}): the first part of
 * a submitted task's logical context (issue 12 §3). Each names a DAG node by its worker and a time:
 * for a task pushed to a pool ({@code pool.invoke}, {@code submit}, {@code fork} from {@code main}),
 * the node its create edge leaves from, by that node's end; for a task the submitting thread runs
 * itself ({@code task.invoke()}, a parallel stream's root task), the task's first node, by its start.
 * A stack is kept from the first frame that is neither forkscope's nor the pool's (the submission
 * machinery and the recorder's hooks are cut off), outermost first.
 */
public final class SubmitterStacks {
    /** The recorder's JFR event (fields worker, sinceOriginNs, runsHere; its stack is the submitter's). */
    public static final String EVENT = "io.forkscope.Submission";

    private record Key(int worker, long timeNs) { }

    private final Map<Key, List<Frame>> created = new HashMap<>();
    private final Map<Key, List<Frame>> runHere = new HashMap<>();

    /** @return an empty set of stacks */
    public static SubmitterStacks none() {
        return new SubmitterStacks();
    }

    /**
     * @param topFirst the event's stack, innermost frame first
     * @param runsHere whether {@code timeNs} is the start of the task's first node (else the end of
     *                 the node its create edge leaves from)
     */
    public void add(int worker, long timeNs, boolean runsHere, List<Frame> topFirst) {
        (runsHere ? runHere : created).put(new Key(worker, timeNs), submitterPart(topFirst));
    }

    /** @return the submitter's stack, outermost first, of a task created by the node that ended then; or null */
    public List<Frame> createdBy(int worker, long endNs) {
        return created.get(new Key(worker, endNs));
    }

    /** @return the submitter's stack, outermost first, of a task whose first node started then on that thread; or null */
    public List<Frame> runFrom(int worker, long startNs) {
        return runHere.get(new Key(worker, startNs));
    }

    public int size() {
        return created.size() + runHere.size();
    }

    /**
     * @return the frames below the innermost one that is the program's: the recorder's frames (and
     *     JFR's) and the pool's on top are cut, the rest reversed to outermost first
     */
    static List<Frame> submitterPart(List<Frame> topFirst) {
        int i = 0;
        while (i < topFirst.size() && (topFirst.get(i).kind() == FrameKind.TOOL
                || topFirst.get(i).kind() == FrameKind.RUNTIME || topFirst.get(i).className().startsWith("jdk.jfr."))) {
            i++;
        }
        List<Frame> out = new ArrayList<>(topFirst.subList(i, topFirst.size()));
        Collections.reverse(out);
        return List.copyOf(out);
    }
}
