package com.acme.sites;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Runs another program's main and, at exit, when -Dsites.dump=FILE is given and the agent put the
 * site registry on the bootstrap class path, writes every registered call site to FILE (one per
 * line, tab-separated). Without the agent nothing is written, so the program's output is the same
 * with and without it. An application class itself: the agent weaves it like the program.
 */
public final class DumpSites {
    private DumpSites() {
    }

    public static void main(String[] args) throws Throwable {
        String file = System.getProperty("sites.dump");
        if (file != null) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> dump(Path.of(file))));
        }
        Method main = Class.forName(args[0]).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static void dump(Path file) {
        try {
            Class<?> registry = Class.forName("io.forkscope.recorder.sites.SiteRegistry", true, null);
            List<?> sites = (List<?>) registry.getMethod("sites").invoke(null);
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
                for (Object s : sites) {
                    StringBuilder line = new StringBuilder();
                    for (String field : new String[] {"id", "callerMethod", "className", "methodName", "descriptor",
                        "bci", "line", "sourceFile", "kind", "callee"}) {
                        line.append(line.length() == 0 ? "" : "\t").append(s.getClass().getMethod(field).invoke(s));
                    }
                    w.println(line);
                }
            }
        } catch (ClassNotFoundException noAgent) {
            // without the agent: nothing to write
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
