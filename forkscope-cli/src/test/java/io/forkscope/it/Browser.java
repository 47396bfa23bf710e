package io.forkscope.it;

import java.nio.file.Path;
import java.util.List;

/**
 * A real headless browser as HtmlReportIT drives it: the same few operations on every engine, so
 * that one test checks the page in each. Scripts run in the page and return their value through
 * JSON (numbers, strings, booleans, lists and maps); the pointer, the wheel and the keys are the
 * browser's own input events (trusted, as a person's), at viewport coordinates in CSS pixels.
 */
interface Browser {   // not AutoCloseable: JUnit would close a test's arguments after it
    /** "chromium" or "firefox", with its version. */
    String name();

    /** Loads the page and waits until its script has drawn everything ({@code body[data-ready=true]}). */
    void open(Path html);

    /**
     * Runs {@code body} as a function's body in the page, with {@code args} as its array {@code args}.
     *
     * @return its return value, through JSON.stringify: null, Boolean, Integer/Long/Double, String,
     *         List or Map
     */
    Object js(String body, Object... args);

    /** A click of the main button at (x, y). */
    void click(double x, double y);

    /** The main button pressed at (x0, y0), moved to (x1, y1) in steps, released. */
    void drag(double x0, double y0, double x1, double y1);

    /** One turn of the wheel at (x, y): deltaY > 0 scrolls down (zooms out on the report's charts). */
    void wheel(double x, double y, int deltaY);

    /** Types {@code keys} (WebDriver's key codes for the special keys) into the element with the focus. */
    void keys(String keys);

    /** @return the console's warnings and errors and the page's uncaught errors since the page was opened */
    List<String> problems();

    /** @return the text of the alert the page opened, or null when it opened none */
    String alert();

    /** @return a PNG of the viewport */
    byte[] screenshot();

    /** Sets the viewport (the page's visible area) to width × height CSS pixels. */
    void viewport(int width, int height);

    /** Ends the browser and deletes its profile. */
    void quit();

    /** Deletes a browser's profile directory, what it holds first. */
    static void deleteTree(Path dir) {
        if (dir == null || !java.nio.file.Files.exists(dir)) {
            return;
        }
        try (var files = java.nio.file.Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** WebDriver's key codes (W3C WebDriver, "Keyboard actions"), the same for every engine. */
    final class Key {
        static final String ESCAPE = "\uE00C";
        static final String ENTER = "\uE007";
        static final String LEFT = "\uE012";
        static final String UP = "\uE013";
        static final String RIGHT = "\uE014";
        static final String DOWN = "\uE015";

        private Key() {}
    }
}
