package io.forkscope.report.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The scripts and styles the page inlines: uPlot's (MIT licence) read from its webjar on the class
 * path, which forkscope.jar carries, and the report's own from this package's resources.
 */
final class WebAssets {
    private WebAssets() {}

    /** uPlot's version, from the build ({@code uplot.properties}, filtered by Maven). */
    static String uplotVersion() {
        Properties p = new Properties();
        try (InputStream in = resource("/io/forkscope/report/html/uplot.properties")) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }

    static String uplotScript() {
        return read(webjar("dist/uPlot.iife.min.js"));
    }

    static String uplotStyle() {
        return read(webjar("dist/uPlot.min.css"));
    }

    static String reportScript() {
        return read("/io/forkscope/report/html/report.js");
    }

    static String reportStyle() {
        return read("/io/forkscope/report/html/report.css");
    }

    private static String webjar(String file) {
        return "/META-INF/resources/webjars/uplot/" + uplotVersion() + "/" + file;
    }

    private static String read(String path) {
        try (InputStream in = resource(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream resource(String path) {
        InputStream in = WebAssets.class.getResourceAsStream(path);
        if (in == null) {
            throw new IllegalStateException("missing resource " + path + ": a forkscope jar built without it");
        }
        return in;
    }
}
