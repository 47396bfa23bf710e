package io.forkscope.recorder.sites.weave;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.spi.ToolProvider;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An oracle independent of the weaver: the JDK's javap disassembles a class file, giving each
 * method's instructions by bytecode index and its line number table.
 */
final class JavapOracle {
    /** One method: instruction text by bci, and the line table (start pc to line). */
    record Method(NavigableMap<Integer, String> code, NavigableMap<Integer, Integer> lines) {
        /** The line the JVM reports for {@code bci}: the entry with the greatest start pc at or below it. */
        int lineAt(int bci) {
            Map.Entry<Integer, Integer> e = lines.floorEntry(bci);
            return e == null ? -1 : e.getValue();
        }

        int firstLine() {
            return lines.isEmpty() ? -1 : lines.firstEntry().getValue();
        }
    }

    private static final Pattern HEADER = Pattern.compile("^  (?:[\\w$.<>\\[\\], ]+ )?([\\w$.]+)\\(.*\\)(?: throws .*)?;$");
    private static final Pattern INSN = Pattern.compile("^\\s+(\\d+): ([a-z][a-z_0-9]*)(.*)$");
    private static final Pattern LINE = Pattern.compile("^\\s+line (\\d+): (\\d+)$");

    private JavapOracle() {
    }

    /** @return name + descriptor of each method of {@code className} (binary name) to its disassembly */
    static Map<String, Method> of(String className) throws URISyntaxException {
        Path file = Path.of(JavapOracle.class.getClassLoader()
                .getResource(className.replace('.', '/') + ".class").toURI());
        StringWriter out = new StringWriter();
        int rc = ToolProvider.findFirst("javap").orElseThrow()
                .run(new PrintWriter(out), new PrintWriter(out), "-c", "-l", "-p", "-s", file.toString());
        if (rc != 0) {
            throw new IllegalStateException("javap failed: " + out);
        }
        Map<String, Method> methods = new HashMap<>();
        String name = null;
        Method current = null;
        String simple = className.substring(className.lastIndexOf('.') + 1);
        for (String line : out.toString().split("\n")) {
            Matcher h = HEADER.matcher(line);
            if (line.equals("  static {};")) {
                name = "<clinit>";
                continue;
            }
            if (h.matches()) {
                String n = h.group(1);
                name = n.equals(className) || n.equals(simple) ? "<init>" : n;
                continue;
            }
            if (line.startsWith("    descriptor: ") && name != null) {
                current = new Method(new TreeMap<>(), new TreeMap<>());
                methods.put(name + line.substring("    descriptor: ".length()), current);
                name = null;
                continue;
            }
            Matcher i = INSN.matcher(line);
            if (i.matches() && current != null) {
                current.code().put(Integer.parseInt(i.group(1)), i.group(2) + i.group(3));
                continue;
            }
            Matcher l = LINE.matcher(line);
            if (l.matches() && current != null) {
                current.lines().put(Integer.parseInt(l.group(2)), Integer.parseInt(l.group(1)));
            }
        }
        return methods;
    }
}
