package io.forkscope.model.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MachineLoad over canned /proc text, with every expected value worked out by hand in the comments. */
class MachineLoadTest {
    /** A 2-CPU /proc/stat: user nice system idle iowait irq softirq steal guest guest_nice. */
    static String stat(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal,
                       long guest) {
        String cpu = String.format("cpu  %d %d %d %d %d %d %d %d %d 0", user, nice, system, idle, iowait, irq,
                softirq, steal, guest);
        return cpu + "\ncpu0 1 2 3 4 5 6 7 8 0 0\ncpu1 1 2 3 4 5 6 7 8 0 0\nintr 12345 0 0\nctxt 999\n"
                + "btime 1700000000\nprocesses 4242\nprocs_running 3\nprocs_blocked 0\n";
    }

    /** /proc/self/stat of a JVM whose command name holds a space and a parenthesis. */
    static String self(long utime, long stime, long cutime, long cstime) {
        return "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 20000 300 0 0 " + utime + " " + stime + " " + cutime
                + " " + cstime + " 20 0 25 0 123456 5000000000 60000 18446744073709551615 1 1 0 0 0 0 0 4096 16384"
                + " 0 0 0 17 1 0 0 0 0 0\n";
    }

    @Test
    void parsesTheCountersLinuxWrites() {
        MachineLoad.Counters c = MachineLoad.parse(stat(100, 5, 40, 800, 20, 3, 2, 7, 11), self(30, 10, 200, 50));
        // busy = 100 + 5 + 40 + 3 + 2 + 7 = 157 (guest 11 is inside user already); all = 157 + 800 + 20 = 977
        assertThat(c.busyTicks()).isEqualTo(157);
        assertThat(c.allTicks()).isEqualTo(977);
        assertThat(c.ownTicks()).isEqualTo(30 + 10 + 200 + 50);
        assertThat(c.cpus()).isEqualTo(2);
    }

    @Test
    void othersAreTheBusyTicksThisProcessAndItsChildrenDidNotUse() {
        MachineLoad.Counters before = new MachineLoad.Counters(1000, 5000, 100, 2);
        // 200 ticks of capacity pass (2 CPUs, 1 s at 100 Hz); the machine was busy 150 of them, the run 90
        MachineLoad.Counters after = new MachineLoad.Counters(1150, 5200, 190, 2);
        MachineLoad load = MachineLoad.between(before, after, 1.5);
        assertThat(load.othersShare()).isCloseTo((150 - 90) / 200.0, within(1e-12));
        assertThat(load.loadAverage()).isEqualTo(1.5);
        assertThat(load.describe()).isEqualTo("others used 30% of 2 cores");
        // an idle machine: the run alone was busy, whatever it used
        assertThat(MachineLoad.between(before, new MachineLoad.Counters(1190, 5200, 290, 2), 2.0).othersShare())
                .isZero();
    }

    @Test
    void unreadableOrTooShortIntervalsAreUnknownNotZero() {
        MachineLoad.Counters c = new MachineLoad.Counters(10, 20, 5, 2);
        MachineLoad none = MachineLoad.between(c, c, Double.NaN);
        assertThat(none.othersKnown()).isFalse();
        assertThat(none.known()).isFalse();
        assertThat(none.describe()).isEqualTo("load unknown");
        assertThat(MachineLoad.between(c, c, 3.25).describe()).isEqualTo("load average 3.25");
        // counters that moved backwards (a reading from another boot) clamp instead of going negative
        assertThat(MachineLoad.between(c, new MachineLoad.Counters(12, 30, 50, 2), 0).othersShare()).isZero();
    }

    @Test
    void aMeterReadsProcBeforeAndAfter(@TempDir Path proc) throws Exception {
        Files.createDirectories(proc.resolve("self"));
        Files.writeString(proc.resolve("stat"), stat(100, 0, 100, 800, 0, 0, 0, 0, 0));
        Files.writeString(proc.resolve("self/stat"), self(10, 10, 0, 0));
        MachineLoad.Meter meter = new MachineLoad.Meter(proc);
        // 400 ticks later: busy +300 (200 -> 500), of which this JVM +20 and its reaped run +100
        Files.writeString(proc.resolve("stat"), stat(350, 0, 150, 900, 0, 0, 0, 0, 0));
        Files.writeString(proc.resolve("self/stat"), self(25, 15, 80, 20));
        Files.writeString(proc.resolve("loadavg"), "2.46 1.80 0.91 3/517 12345\n");
        MachineLoad load = meter.stop();
        // all: 1000 -> 1400 = 400; others: 300 - 120 = 180; 180 / 400 = 0.45
        assertThat(load.othersShare()).isCloseTo(0.45, within(1e-12));
        assertThat(load.loadAverage()).isEqualTo(2.46);
        assertThat(load.cpus()).isEqualTo(2);
    }

    @Test
    void withoutProcTheLoadAverageIsTheFallback(@TempDir Path empty) {
        MachineLoad load = new MachineLoad.Meter(empty).stop();
        assertThat(load.othersKnown()).isFalse();
        assertThat(load.cpus()).isPositive();
    }

    @Test
    void malformedProcTextIsRefused() {
        assertThatThrownBy(() -> MachineLoad.parse("intr 1 2\n", self(1, 1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no cpu line");
        assertThatThrownBy(() -> MachineLoad.parse(stat(1, 1, 1, 1, 1, 1, 1, 1, 0), "4242 java S 1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("command name");
        assertThatThrownBy(() -> MachineLoad.parse(stat(1, 1, 1, 1, 1, 1, 1, 1, 0), "4242 (java) S 1 2 3"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("too few fields");
    }

    @Test
    void aRecordingsInformationCarriesTheLoadAndReadsItBack() {
        MachineLoad load = new MachineLoad(0.41326, 3.2, 2);
        java.util.Map<String, String> info = load.asInfo();
        assertThat(info).containsOnly(java.util.Map.entry("machine.others.share", "0.4133"),
                java.util.Map.entry("machine.load.average", "3.20"), java.util.Map.entry("machine.cpus", "2"));
        MachineLoad back = MachineLoad.of(new io.forkscope.model.RecordingInfo(info));
        assertThat(back.othersShare()).isEqualTo(0.4133);
        assertThat(back.loadAverage()).isEqualTo(3.2);
        assertThat(back.cpus()).isEqualTo(2);
        assertThat(MachineLoad.of(new io.forkscope.model.RecordingInfo(java.util.Map.of("unit", "time"))))
                .isEqualTo(MachineLoad.UNKNOWN);
        assertThat(MachineLoad.of(new io.forkscope.model.RecordingInfo(java.util.Map.of("machine.others.share", "x"))))
                .isEqualTo(MachineLoad.UNKNOWN);
        assertThat(MachineLoad.UNKNOWN.asInfo()).isEmpty();
    }
}
