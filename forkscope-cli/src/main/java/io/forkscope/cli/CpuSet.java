package io.forkscope.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The cores this process may run on, and how {@code forkscope bench} restricts a run to P of them:
 * with {@code taskset -c LIST} (Linux), on the first P allowed cores, when there are at least P.
 *
 * @param cpus  the allowed core numbers, ascending
 * @param known whether they come from the kernel ({@code /proc/self/status}); otherwise they are
 *              0 … availableProcessors − 1, a guess that is not used for pinning
 */
record CpuSet(List<Integer> cpus, boolean known) {
    CpuSet {
        cpus = List.copyOf(cpus);
    }

    /** How one run is restricted. */
    record Pinning(List<String> prefix, int cores, boolean pinned, String coreList) {}

    static CpuSet ofThisProcess() {
        try {
            Path status = Path.of("/proc/self/status");
            if (Files.isReadable(status)) {
                for (String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
                    if (line.startsWith("Cpus_allowed_list:")) {
                        return new CpuSet(parseList(line.substring(line.indexOf(':') + 1).trim()), true);
                    }
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            // fall through to the guess
        }
        List<Integer> guess = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            guess.add(i);
        }
        return new CpuSet(guess, false);
    }

    /** @return the cores of a kernel CPU list such as "0-3,8,10-11" */
    static List<Integer> parseList(String list) {
        List<Integer> out = new ArrayList<>();
        for (String part : list.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            if (dash < 0) {
                out.add(Integer.parseInt(p));
            } else {
                int from = Integer.parseInt(p.substring(0, dash));
                int to = Integer.parseInt(p.substring(dash + 1));
                if (to < from) {
                    throw new IllegalArgumentException("bad CPU range " + p);
                }
                for (int c = from; c <= to; c++) {
                    out.add(c);
                }
            }
        }
        return out.stream().distinct().sorted().collect(Collectors.toList());
    }

    /** @return cores as a kernel CPU list, ranges joined: [0, 1, 2, 5] → "0-2,5" */
    static String formatList(List<Integer> cores) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cores.size(); ) {
            int j = i;
            while (j + 1 < cores.size() && cores.get(j + 1) == cores.get(j) + 1) {
                j++;
            }
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(cores.get(i));
            if (j > i) {
                b.append('-').append(cores.get(j));
            }
            i = j + 1;
        }
        return b.toString();
    }

    /**
     * @param p       the run's worker count
     * @param taskset the taskset program, if there is one
     * @return how to restrict a run with P workers: pinned to the first P cores when there are that
     *     many and taskset exists, otherwise unpinned on all cores
     */
    Pinning pinning(int p, Optional<Path> taskset) {
        if (known && taskset.isPresent() && p <= cpus.size()) {
            String list = formatList(cpus.subList(0, p));
            return new Pinning(List.of(taskset.get().toString(), "-c", list), p, true, list);
        }
        return new Pinning(List.of(), cpus.size(), false, formatList(cpus));
    }

    /** @return the taskset program on PATH, if any */
    static Optional<Path> taskset() {
        return JavaInstallation.resolve("taskset");
    }
}
