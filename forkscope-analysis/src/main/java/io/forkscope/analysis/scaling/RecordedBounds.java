package io.forkscope.analysis.scaling;

import io.forkscope.model.Recording;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which numbers of a recording predict each section's speedups. A region may occur many times (a
 * program that repeats its kernel); its occurrences share one DAG shape but not one JIT state, so:
 * the first occurrence is dropped as warm-up when there are more, and of the rest the one with the
 * median work is used (the lower median for an even count). The whole run is used as it is.
 */
public final class RecordedBounds {
    private RecordedBounds() {}

    /**
     * @return per section, in the recording's order (regions by first closing, then the whole run
     *     under the label ""), the measures used; a section without work is left out
     */
    public static Map<String, SectionBounds> of(Recording rec) {
        Map<String, List<WorkSpan>> byLabel = new LinkedHashMap<>();
        for (RegionRecord r : rec.regions()) {
            byLabel.computeIfAbsent(r.label() == null ? "" : r.label(), k -> new ArrayList<>()).add(r.measures());
        }
        Map<String, SectionBounds> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<WorkSpan>> e : byLabel.entrySet()) {
            if (e.getKey().isEmpty()) {
                continue; // an empty label would read as the whole run
            }
            List<WorkSpan> all = e.getValue();
            int first = all.size() > 1 ? 1 : 0;
            List<Integer> kept = new ArrayList<>();
            for (int i = first; i < all.size(); i++) {
                kept.add(i);
            }
            kept.sort(Comparator.comparingLong(i -> all.get(i).work()));
            int chosen = kept.get((kept.size() - 1) / 2);
            WorkSpan ws = all.get(chosen);
            if (ws.work() > 0) {
                out.put(e.getKey(), bounds(rec, e.getKey(), ws, all.size(), chosen + 1));
            }
        }
        WorkSpan whole = rec.wholeRun().measures();
        if (whole.work() > 0) {
            out.put("", bounds(rec, "", whole, 1, 1));
        }
        return out;
    }

    private static SectionBounds bounds(Recording rec, String label, WorkSpan ws, int occurrences, int used) {
        return new SectionBounds(label, ws, occurrences, used, rec.info().unit(), rec.info().burden(),
                rec.info().burdenSource());
    }
}
