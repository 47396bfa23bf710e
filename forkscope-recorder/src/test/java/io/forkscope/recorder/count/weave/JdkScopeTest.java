package io.forkscope.recorder.count.weave;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which of the JDK's classes count.jdk weaves, case by case against JdkScope's class comment. */
class JdkScopeTest {
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
        // what leaves call: woven
        "java/util/ArrayList, true", "java/util/Arrays, true", "java/util/DualPivotQuicksort, true",
        "java/util/HashMap$Node, true", "java/util/stream/ReferencePipeline, true", "java/util/regex/Pattern, true",
        "java/lang/String, true", "java/lang/StringLatin1, true", "java/lang/Math, true", "java/lang/Integer, true",
        "java/lang/StringBuilder, true", "java/lang/Long$LongCache, true", "java/math/BigInteger, true",
        "java/text/DecimalFormat, true", "java/time/LocalDate, true",
        // the fork/join runtime, what it parks with, and contention-dependent concurrency
        "java/util/concurrent/ForkJoinPool, false", "java/util/concurrent/ForkJoinTask, false",
        "java/util/concurrent/CountedCompleter, false", "java/util/concurrent/locks/LockSupport, false",
        "java/util/concurrent/atomic/AtomicLong, false", "java/util/concurrent/ConcurrentHashMap, false",
        // what the counter itself uses: would recurse
        "java/lang/Thread, false", "java/lang/Thread$State, false", "java/lang/ThreadLocal, false",
        "java/lang/ThreadLocal$ThreadLocalMap, false", "java/lang/ThreadGroup, false",
        // the JVM's machinery
        "java/lang/Object, false", "java/lang/Class, false", "java/lang/ClassLoader, false",
        "java/lang/System, false", "java/lang/Throwable, false", "java/lang/StackWalker, false",
        "java/lang/invoke/MethodHandle, false", "java/lang/reflect/Method, false", "java/lang/ref/Reference, false",
        "java/util/zip/ZipFile, false", "java/util/jar/JarFile, false",
        // not the JDK's packages woven here; generated classes
        "jdk/internal/misc/Unsafe, false", "sun/nio/ch/Util, false", "javax/swing/JButton, false",
        "io/forkscope/recorder/count/BytecodeCounter, false", "com/acme/Main, false",
        "java/lang/String$$Lambda$1, false"
    })
    void weavesWhatLeavesCallAndNeverTheRuntime(String internalName, boolean woven) {
        assertThat(JdkScope.weaves(null, internalName)).isEqualTo(woven);
    }

    @ParameterizedTest
    @CsvSource({"java/util/ArrayList", "java/lang/String"})
    void onlyTheBootstrapLoadersClassesAreTheJdks(String internalName) {
        assertThat(JdkScope.weaves(ClassLoader.getSystemClassLoader(), internalName)).isFalse();
    }
}
