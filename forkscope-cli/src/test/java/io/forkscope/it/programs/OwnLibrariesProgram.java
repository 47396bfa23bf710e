package io.forkscope.it.programs;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.io.File;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.matcher.ElementMatchers;

/**
 * A program that ships its own ByteBuddy and Jackson (their jars on its class path): it makes a
 * class with ByteBuddy, writes and reads JSON with Jackson, and sums in parallel inside a region.
 * It prints which jar each library came from and what it computed.
 */
public final class OwnLibrariesProgram {
    private OwnLibrariesProgram() {}

    public static void main(String[] args) throws Exception {
        System.out.println("ByteBuddy from " + jarOf(ByteBuddy.class));
        System.out.println("ObjectMapper from " + jarOf(ObjectMapper.class));

        Class<?> made = new ByteBuddy().subclass(Object.class).name("io.forkscope.it.programs.Made")
                .method(ElementMatchers.named("toString")).intercept(FixedValue.value("made by ByteBuddy"))
                .make().load(OwnLibrariesProgram.class.getClassLoader(), ClassLoadingStrategy.Default.WRAPPER)
                .getLoaded();
        System.out.println(made.getName() + ": " + made.getDeclaredConstructor().newInstance());

        long sum;
        try (Region r = Forkscope.region("sum")) {
            sum = new ForkJoinPool(2).invoke(new ExitPrograms.Sum(0, 100_000, false));
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("sum", sum);
        result.put("parts", List.of(1, 2, 3));
        ObjectMapper json = new ObjectMapper();
        String text = json.writeValueAsString(result);
        System.out.println("json " + text);
        System.out.println("read back " + json.readValue(text, Map.class));
    }

    private static String jarOf(Class<?> c) throws Exception {
        return new File(c.getProtectionDomain().getCodeSource().getLocation().toURI()).getName();
    }
}
