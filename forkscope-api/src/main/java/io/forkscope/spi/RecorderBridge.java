package io.forkscope.spi;

/**
 * Where the agent plugs its {@link RecorderHooks} in. When the agent runs, this class is loaded
 * from the bootstrap class path (the agent puts its boot jar there), so the program's copy of the API,
 * if any, resolves to the same class and sees the installed hooks.
 */
public final class RecorderBridge {
    private static volatile RecorderHooks hooks;

    private RecorderBridge() {}

    public static RecorderHooks hooks() {
        return hooks;
    }

    /** Installs (or, with null, removes) the recorder's hooks. For the agent only. */
    public static void install(RecorderHooks recorder) {
        hooks = recorder;
    }
}
