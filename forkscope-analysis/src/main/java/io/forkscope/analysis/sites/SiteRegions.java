package io.forkscope.analysis.sites;

import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.RegionSites;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The regions of a recording that have their own call-site profiles, and how a user names one:
 * {@code LABEL} (its first occurrence) or {@code LABEL#N} (its N-th, from 1, in the order the
 * regions closed, as {@code summary} lists them).
 */
public final class SiteRegions {
    private SiteRegions() {}

    /** A region chosen by a selector: its label, which occurrence of it (from 1) of how many, and its profiles. */
    public record Choice(String label, int occurrence, int occurrences, RegionSites region) {}

    /** @return each label once, in the order of its first occurrence, with how many times it occurs */
    public static Map<String, Integer> labels(RecordedSites sites) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (RegionSites r : sites.regions()) {
            out.merge(r.label(), 1, Integer::sum);
        }
        return out;
    }

    /** @return the region {@code selector} names, or empty when no region has that label or occurrence */
    public static Optional<Choice> select(RecordedSites sites, String selector) {
        String label = selector;
        int occurrence = 1;
        int hash = selector.lastIndexOf('#');
        if (hash > 0 && !labels(sites).containsKey(selector)) {
            try {
                occurrence = Integer.parseInt(selector.substring(hash + 1));
                label = selector.substring(0, hash);
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        List<RegionSites> same = new ArrayList<>();
        for (RegionSites r : sites.regions()) {
            if (r.label().equals(label)) {
                same.add(r);
            }
        }
        if (occurrence < 1 || occurrence > same.size()) {
            return Optional.empty();
        }
        return Optional.of(new Choice(label, occurrence, same.size(), same.get(occurrence - 1)));
    }

    /** @return "kernel, setup (2×)": the labels for a message, with their counts when more than one */
    public static String describe(RecordedSites sites) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Integer> e : labels(sites).entrySet()) {
            b.append(b.length() == 0 ? "" : ", ").append(e.getKey());
            if (e.getValue() > 1) {
                b.append(" (").append(e.getValue()).append("x)");
            }
        }
        return b.toString();
    }
}
