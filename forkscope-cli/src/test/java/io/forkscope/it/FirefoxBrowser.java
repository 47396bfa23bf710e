package io.forkscope.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's headless Firefox ESR, driven through WebDriver BiDi (the W3C protocol Firefox serves
 * itself over a WebSocket when started with {@code --remote-debugging-port}), without geckodriver:
 * Debian does not package geckodriver, and its npm and Maven wrappers download it at install or run
 * time from outside the package registries, which this machine cannot reach.
 *
 * <p>One session, one browsing context. Commands are JSON messages with an id; this client sends one
 * at a time and waits for its answer. Events (console entries, opened prompts) arrive between the
 * answers and are kept for {@link #problems()} and {@link #alert()}.
 */
final class FirefoxBrowser implements Browser {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING = Pattern.compile("WebDriver BiDi listening on (ws://\\S+)");
    private static final long TIMEOUT_S = 60;

    private final Process process;
    private final Path profile;
    private final Path log;
    private final WebSocket socket;
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final List<String> problems = Collections.synchronizedList(new ArrayList<>());
    private volatile String alert;
    private final String version;
    private final String context;

    FirefoxBrowser(Path firefox, Path profile) throws IOException, InterruptedException {
        this.profile = profile;
        // a profile of its own that asks nothing of the network (the remote agent adds its own such prefs)
        Files.writeString(profile.resolve("user.js"), String.join("\n",
                "user_pref(\"browser.shell.checkDefaultBrowser\", false);",
                "user_pref(\"datareporting.policy.dataSubmissionEnabled\", false);",
                "user_pref(\"toolkit.telemetry.enabled\", false);",
                "user_pref(\"app.normandy.enabled\", false);",
                "user_pref(\"network.captive-portal-service.enabled\", false);",
                "user_pref(\"network.connectivity-service.enabled\", false);",
                "user_pref(\"browser.startup.homepage_override.mstone\", \"ignore\");", ""), StandardCharsets.UTF_8);
        log = Files.createTempFile("forkscope-firefox-", ".log");
        ProcessBuilder pb = new ProcessBuilder(firefox.toString(), "--headless", "--no-remote", "--profile",
                profile.toString(), "--remote-debugging-port", "0", "about:blank");
        pb.redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("MOZ_HEADLESS", "1");
        process = pb.start();
        URI endpoint = endpoint();
        try {
            socket = HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create(endpoint + "/session"), new Listener()).get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (Exception e) {
            quit();
            throw new IllegalStateException("firefox: no WebDriver BiDi connection at " + endpoint, e);
        }
        ObjectNode capabilities = JSON.createObjectNode();
        capabilities.putObject("alwaysMatch").putObject("unhandledPromptBehavior").put("default", "ignore");
        JsonNode session = send("session.new", Map.of("capabilities", capabilities));
        version = session.at("/capabilities/browserVersion").asText();
        send("session.subscribe", Map.of("events", List.of("log.entryAdded", "browsingContext.userPromptOpened")));
        context = send("browsingContext.getTree", Map.of()).at("/contexts/0/context").asText();
        viewport(1280, 800);
    }

    /** @return the WebSocket address Firefox prints once its remote agent listens */
    private URI endpoint() throws IOException, InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        while (System.nanoTime() < until) {
            Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (m.find()) {
                return URI.create(m.group(1));
            }
            if (!process.isAlive()) {
                break;
            }
            Thread.sleep(100);
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        quit();
        throw new IllegalStateException("firefox did not start its WebDriver BiDi agent; it printed:\n" + out);
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder message = new StringBuilder();

        @Override
        public void onOpen(WebSocket ws) {
            ws.request(1);
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            message.append(data);
            if (last) {
                received(message.toString());
                message.setLength(0);
            }
            ws.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            pending.values().forEach(f -> f.completeExceptionally(error));
        }
    }

    private void received(String text) {
        JsonNode m;
        try {
            m = JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (m.has("id") && !m.get("id").isNull()) {
            CompletableFuture<JsonNode> f = pending.remove(m.get("id").asLong());
            if (f != null) {
                f.complete(m);
            }
        } else if ("log.entryAdded".equals(m.path("method").asText())) {
            String level = m.at("/params/level").asText();
            if (level.equals("warn") || level.equals("error")) {
                problems.add(level + " " + m.at("/params/text").asText());
            }
        } else if ("browsingContext.userPromptOpened".equals(m.path("method").asText())) {
            alert = m.at("/params/message").asText();
        }
    }

    /** Sends one command and waits for its answer; @return its result, or an exception for an error */
    private JsonNode send(String method, Object params) {
        long id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        ObjectNode command = JSON.createObjectNode().put("id", id).put("method", method);
        command.set("params", JSON.valueToTree(params));
        JsonNode r;
        try {
            socket.sendText(JSON.writeValueAsString(command), true).get(TIMEOUT_S, TimeUnit.SECONDS);
            r = answer.get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (Exception e) {
            pending.remove(id);
            throw new IllegalStateException("firefox: " + method + " got no answer", e);
        }
        if ("error".equals(r.path("type").asText())) {
            throw new IllegalStateException("firefox: " + method + ": " + r.path("error").asText() + ": "
                    + r.path("message").asText());
        }
        return r.get("result");
    }

    @Override
    public String name() {
        return "firefox " + version;
    }

    @Override
    public void open(Path html) {
        problems.clear();
        alert = null;
        send("browsingContext.navigate", Map.of("context", context, "url", html.toUri().toString(), "wait", "complete"));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!"true".equals(js("return document.body && document.body.getAttribute('data-ready');"))) {
            if (System.nanoTime() > until) {
                throw new AssertionError("firefox: " + html + " was not drawn within 30 s; console: " + problems);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    @Override
    public Object js(String body, Object... args) {
        ArrayNode arguments = JSON.createArrayNode();
        for (Object a : args) {
            ObjectNode v = arguments.addObject();
            if (a == null) {
                v.put("type", "null");
            } else if (a instanceof Number n) {
                v.put("type", "number").put("value", n.doubleValue());
            } else if (a instanceof Boolean b) {
                v.put("type", "boolean").put("value", b);
            } else {
                v.put("type", "string").put("value", a.toString());
            }
        }
        ObjectNode params = JSON.createObjectNode();
        params.put("functionDeclaration", "function (...a) { return JSON.stringify((function (args) {" + body
                + "\n})(a)); }");
        params.putObject("target").put("context", context);
        params.set("arguments", arguments);
        params.put("awaitPromise", false);
        JsonNode r = send("script.callFunction", params);
        if ("exception".equals(r.path("type").asText())) {
            throw new IllegalStateException("firefox: the script threw: " + r.at("/exceptionDetails/text").asText());
        }
        JsonNode value = r.get("result");
        if (!"string".equals(value.path("type").asText())) {
            return null;   // JSON.stringify(undefined)
        }
        try {
            return JSON.readValue(value.get("value").asText(), Object.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Object> move(double x, double y, int durationMs) {
        return Map.of("type", "pointerMove", "x", Math.round(x), "y", Math.round(y), "origin", "viewport",
                "duration", durationMs);
    }

    private void perform(Map<String, Object> source) {
        send("input.performActions", Map.of("context", context, "actions", List.of(source)));
        send("input.releaseActions", Map.of("context", context));
    }

    private void pointer(List<Map<String, Object>> actions) {
        perform(Map.of("type", "pointer", "id", "mouse", "parameters", Map.of("pointerType", "mouse"), "actions",
                actions));
    }

    @Override
    public void click(double x, double y) {
        pointer(List.of(move(x, y, 0), Map.of("type", "pointerDown", "button", 0),
                Map.of("type", "pointerUp", "button", 0)));
    }

    @Override
    public void drag(double x0, double y0, double x1, double y1) {
        List<Map<String, Object>> a = new ArrayList<>(List.of(move(x0, y0, 0), Map.of("type", "pointerDown", "button", 0)));
        for (int i = 1; i <= 5; i++) {
            a.add(move(x0 + (x1 - x0) * i / 5, y0 + (y1 - y0) * i / 5, 20));
        }
        a.add(Map.of("type", "pointerUp", "button", 0));
        pointer(a);
    }

    @Override
    public void wheel(double x, double y, int deltaY) {
        perform(Map.of("type", "wheel", "id", "wheel", "actions", List.of(Map.of("type", "scroll", "x", Math.round(x),
                "y", Math.round(y), "deltaX", 0, "deltaY", deltaY, "origin", "viewport"))));
    }

    @Override
    public void keys(String keys) {
        List<Map<String, Object>> a = new ArrayList<>();
        keys.codePoints().forEach(c -> {
            String key = new String(Character.toChars(c));
            a.add(Map.of("type", "keyDown", "value", key));
            a.add(Map.of("type", "keyUp", "value", key));
        });
        perform(Map.of("type", "key", "id", "keyboard", "actions", a));
    }

    @Override
    public List<String> problems() {
        synchronized (problems) {
            return List.copyOf(problems);
        }
    }

    @Override
    public String alert() {
        return alert;
    }

    @Override
    public byte[] screenshot() {
        return Base64.getDecoder().decode(send("browsingContext.captureScreenshot", Map.of("context", context))
                .get("data").asText());
    }

    @Override
    public void viewport(int width, int height) {
        send("browsingContext.setViewport", Map.of("context", context, "viewport", Map.of("width", width, "height",
                height)));
    }

    @Override
    public void quit() {
        if (socket != null) {
            try {
                send("session.end", Map.of());
            } catch (RuntimeException ignored) {
                // it is closing anyway
            }
            socket.abort();
        }
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Browser.deleteTree(profile);
        try {
            Files.deleteIfExists(log);
        } catch (IOException ignored) {
            // a temporary file
        }
    }

    @Override
    public String toString() {
        return "firefox";
    }
}
