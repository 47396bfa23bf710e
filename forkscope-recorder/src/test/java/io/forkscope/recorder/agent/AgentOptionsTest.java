package io.forkscope.recorder.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.model.Calibration;
import io.forkscope.model.CalibrationFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The options forkscope bench and record --burden-ns auto add; the older ones keep their defaults. */
class AgentOptionsTest {
    @Test
    void defaultsRecordEverythingAndLeavePoolsAlone() {
        AgentOptions o = AgentOptions.parse("out=x.fsk", 7);
        assertThat(o.mode()).isEqualTo(AgentOptions.MODE_CILKVIEW);
        assertThat(o.timesRegionsOnly()).isFalse();
        assertThat(o.workers()).isEqualTo(AgentOptions.KEEP_WORKERS);
        assertThat(o.burden()).isEqualTo(AgentOptions.DEFAULT_BURDEN_NS);
        assertThat(o.burdenSource()).isEqualTo("default");
    }

    @Test
    void benchModeAndWorkers() {
        AgentOptions o = AgentOptions.parse("mode=regions,workers=3,out=r.fsk", 7);
        assertThat(o.timesRegionsOnly()).isTrue();
        assertThat(o.workers()).isEqualTo(3);
        assertThat(o.out()).isEqualTo(Path.of("r.fsk"));
    }

    @Test
    void dagMode() {
        AgentOptions o = AgentOptions.parse("mode=dag", 7);
        assertThat(o.recordsDag()).isTrue();
        assertThat(o.timesRegionsOnly()).isFalse();
        assertThat(AgentOptions.parse("", 7).recordsDag()).isFalse();
    }

    @Test
    void theJdkIsCountedOnlyWhenAskedAndOnlyInBytecodes() {
        assertThat(AgentOptions.parse("unit=bytecodes", 7).countJdk()).isFalse();
        assertThat(AgentOptions.parse("unit=bytecodes,count.jdk=true", 7).countJdk()).isTrue();
        assertThat(AgentOptions.parse("unit=bytecodes,count.jdk=false", 7).countJdk()).isFalse();
        assertThatThrownBy(() -> AgentOptions.parse("count.jdk=true", 1))
                .hasMessageContaining("agent option count.jdk=true needs unit=bytecodes");
        assertThatThrownBy(() -> AgentOptions.parse("unit=abstract,count.jdk=true", 1))
                .hasMessageContaining("needs unit=bytecodes");
        assertThatThrownBy(() -> AgentOptions.parse("unit=bytecodes,count.jdk=yes", 1))
                .hasMessageContaining("count.jdk is true or false, not 'yes'");
    }

    @Test
    void theDagBudgetIsAMillionNodesByDefaultZeroForNoneAndNeverNegative() {
        assertThat(AgentOptions.parse("mode=dag", 7).dagMaxNodes()).isEqualTo(1_000_000);
        assertThat(AgentOptions.parse("mode=dag,dag.max.nodes=5000", 7).dagMaxNodes()).isEqualTo(5000);
        assertThat(AgentOptions.parse("mode=dag,dag.max.nodes=0", 7).dagMaxNodes()).isZero();
        assertThatThrownBy(() -> AgentOptions.parse("dag.max.nodes=-1", 1))
                .hasMessageContaining("dag.max.nodes is a count of nodes (0: no bound), not '-1'");
        assertThatThrownBy(() -> AgentOptions.parse("dag.max.nodes=lots", 1)).hasMessageContaining("not 'lots'");
    }

    @Test
    void cpuThresholdIsInMicrosecondsOrOff() {
        assertThat(AgentOptions.parse("", 7).cpuThresholdNs()).isEqualTo(50_000);
        assertThat(AgentOptions.parse("cpu.threshold.us=50", 7).cpuThresholdNs()).isEqualTo(50_000);
        assertThat(AgentOptions.parse("cpu.threshold.us=0", 7).cpuThresholdNs()).isZero();
        assertThat(AgentOptions.parse("cpu.threshold.us=off", 7).cpuThresholdNs()).isEqualTo(AgentOptions.CPU_OFF);
        assertThat(AgentOptions.parse("cpu.threshold.us=" + Long.MAX_VALUE, 7).cpuThresholdNs())
                .isEqualTo(AgentOptions.CPU_OFF);
        assertThatThrownBy(() -> AgentOptions.parse("cpu.threshold.us=-1", 1))
                .hasMessageContaining("cpu.threshold.us needs a non-negative whole number of microseconds or off, not '-1'");
        assertThatThrownBy(() -> AgentOptions.parse("cpu.threshold.us=never", 1)).hasMessageContaining("not 'never'");
    }

    @Test
    void bytecodesTakeCilkviewsBurdenUnlessOneIsGivenAndMayRecordTheDag() {
        AgentOptions o = AgentOptions.parse("unit=bytecodes,mode=dag", 1);
        assertThat(o.unit()).isEqualTo(io.forkscope.model.Unit.BYTECODES);
        assertThat(o.recordsDag()).isTrue();
        assertThat(o.burden()).isEqualTo(15_000);
        assertThat(o.burdenSource()).isEqualTo("default");
        assertThat(o.sitesThrottleNs()).isZero();      // a throttle would make the site table depend on speed
        AgentOptions given = AgentOptions.parse("unit=bytecodes,burden=400", 1);
        assertThat(given.burden()).isEqualTo(400);
        assertThat(given.burdenSource()).isEqualTo("option");
    }

    @Test
    void badModeOrWorkersAreRefused() {
        assertThatThrownBy(() -> AgentOptions.parse("mode=fast", 1))
                .hasMessageContaining("mode is cilkview, regions or dag, not 'fast'");
        assertThatThrownBy(() -> AgentOptions.parse("mode=dag,unit=abstract", 1)).hasMessageContaining("needs unit=time");
        assertThatThrownBy(() -> AgentOptions.parse("workers=0", 1)).hasMessageContaining("from 1 to 32767");
        assertThatThrownBy(() -> AgentOptions.parse("workers=40000", 1)).hasMessageContaining("from 1 to 32767");
        assertThatThrownBy(() -> AgentOptions.parse("workers=two", 1)).hasMessageContaining("non-negative whole number");
    }

    @Test
    void aCalibrationFileGivesTheBurdenAndSaysWhereItCameFrom(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cal.properties");
        CalibrationFile.write(file, new Calibration(4321, 4321, 5000, 100, 200, 10, 10, "17", "/j", "h",
                "2026-01-02T03:04:05Z"));
        AgentOptions o = AgentOptions.parse("calibration=" + file, 1);
        assertThat(o.burden()).isEqualTo(4321);
        assertThat(o.burdenSource()).isEqualTo("calibrated (" + file + ", 2026-01-02T03:04:05Z)");
        assertThatThrownBy(() -> AgentOptions.parse("calibration=" + dir.resolve("none"), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no such calibration file");
    }

    @Test
    void sitesAreOffByDefaultAndPatternsImplyThem() {
        assertThat(AgentOptions.parse("out=x.fsk", 7).sites()).isFalse();
        assertThat(AgentOptions.parse("sites=true", 7).sites()).isTrue();
        AgentOptions o = AgentOptions.parse("sites.include=com.acme.**:org.x.Main,sites.exclude=com.acme.gen.*", 7);
        assertThat(o.sites()).isTrue();
        assertThat(o.sitesInclude()).containsExactly("com.acme.**", "org.x.Main");
        assertThat(o.sitesExclude()).containsExactly("com.acme.gen.*");
    }

    @Test
    void badSiteOptionsAreRefused() {
        assertThatThrownBy(() -> AgentOptions.parse("sites=yes", 7)).hasMessageContaining("sites is true or false");
        assertThatThrownBy(() -> AgentOptions.parse("sites.include=com..acme", 7))
                .hasMessageContaining("empty package segment");
        assertThatThrownBy(() -> AgentOptions.parse("sites.exclude=com/acme", 7))
                .hasMessageContaining("not a class or package pattern");
        assertThatThrownBy(() -> AgentOptions.parse("sites=false,sites.include=com.acme.*", 7))
                .hasMessageContaining("need sites=true");
        assertThatThrownBy(() -> AgentOptions.parse("sites=true,mode=regions", 7)).hasMessageContaining("mode");
    }

    @Test
    void sampling() {
        AgentOptions off = AgentOptions.parse("", 7);
        assertThat(off.sample()).isFalse();
        assertThat(off.samplePeriodMs()).isEqualTo(AgentOptions.DEFAULT_SAMPLE_PERIOD_MS).isEqualTo(10);
        assertThat(AgentOptions.parse("sample=true", 7).sample()).isTrue();
        AgentOptions fast = AgentOptions.parse("sample.period.ms=2,mode=dag", 7);
        assertThat(fast.sample()).isTrue();
        assertThat(fast.samplePeriodMs()).isEqualTo(2);
        assertThatThrownBy(() -> AgentOptions.parse("sample.period.ms=0", 7)).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> AgentOptions.parse("sample=yes", 7)).hasMessageContaining("true or false");
        assertThat(off.sampler()).isEqualTo(AgentOptions.SAMPLER_ASYNC_PROFILER);
        AgentOptions jfr = AgentOptions.parse("sampler=jfr", 7);
        assertThat(jfr.sample()).as("sampler implies sample").isTrue();
        assertThat(jfr.sampler()).isEqualTo("jfr");
        assertThat(AgentOptions.parse("sample=true,sampler=async-profiler", 7).sampler()).isEqualTo("async-profiler");
        assertThatThrownBy(() -> AgentOptions.parse("sampler=perf", 7)).hasMessageContaining("async-profiler or jfr");
        assertThatThrownBy(() -> AgentOptions.parse("sample=false,sampler=jfr", 7)).hasMessageContaining("needs sample=true");
        assertThatThrownBy(() -> AgentOptions.parse("sample=false,sample.period.ms=5", 7))
                .hasMessageContaining("needs sample=true");
        assertThatThrownBy(() -> AgentOptions.parse("sample=true,mode=regions", 7)).hasMessageContaining("mode");
    }

    @Test
    void workerStackIsAutoOffOrASizeAsXssTakesIt() {
        assertThat(AgentOptions.parse("", 7).workerStack()).isEqualTo(AgentOptions.WORKER_STACK_AUTO);
        assertThat(AgentOptions.parse("worker.stack=auto", 7).workerStack()).isEqualTo(AgentOptions.WORKER_STACK_AUTO);
        assertThat(AgentOptions.parse("worker.stack=off", 7).workerStack()).isEqualTo(AgentOptions.WORKER_STACK_OFF);
        assertThat(AgentOptions.parse("worker.stack=4m", 7).workerStack()).isEqualTo(4L << 20);
        assertThat(AgentOptions.parse("worker.stack=4096K", 7).workerStack()).isEqualTo(4L << 20);
        assertThat(AgentOptions.parse("worker.stack=1G", 7).workerStack()).isEqualTo(1L << 30);
        assertThat(AgentOptions.parse("worker.stack=65536", 7).workerStack()).isEqualTo(65536);
        for (String bad : new String[] {"", "0", "-1m", "m", "4x", "65g", "4.5m"}) {
            assertThatThrownBy(() -> AgentOptions.parse("worker.stack=" + bad, 7))
                    .as(bad).hasMessageContaining("worker.stack is auto, off or a size");
        }
    }
}
