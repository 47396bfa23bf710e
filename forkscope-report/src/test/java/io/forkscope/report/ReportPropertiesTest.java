package io.forkscope.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.analysis.cilkview.AnalysisOptions;
import io.forkscope.model.Recording;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Every format takes any recording, any labels, without NaN, and JSON and CSV read back. */
class ReportPropertiesTest {
    static final ObjectMapper MAPPER = new ObjectMapper();

    @Provide
    Arbitrary<WorkSpan> dags() {
        return Arbitraries.longs().between(0, 1L << 50).flatMap(work ->
                Arbitraries.longs().between(0, work).flatMap(span ->
                        Arbitraries.longs().between(span, span + (1L << 40)).map(bspan ->
                                new WorkSpan(work, span, bspan, work / 7, work / 5, work * 3))));
    }

    @Provide
    Arbitrary<Recording> recordings() {
        Arbitrary<String> labels = Arbitraries.strings().withChars("ab ,\"\n\r;é").ofMaxLength(8).withoutEdgeCases();
        Arbitrary<RegionRecord> region = Combinators.combine(labels, dags(), Arbitraries.longs().between(0, 5))
                .as((label, ws, unjoined) -> new RegionRecord(label, "t", 1, ws, unjoined));
        return Combinators.combine(Arbitraries.of("time", "abstract"), dags(), region.list().ofMaxSize(6).withoutEdgeCases())
                .as((unit, whole, regions) -> Fixtures.recording(unit, whole, regions, List.of("w"), true));
    }

    @Property(tries = 200)
    void jsonReadsBack(@ForAll("recordings") Recording rec) throws Exception {
        JsonNode root = MAPPER.readTree(Fixtures.render(new JsonReport(), rec, new AnalysisOptions(8, 64)));
        assertThat(root.get("work_ns").asLong()).isEqualTo(rec.wholeRun().measures().work());
        assertThat(root.get("burdened_span_ns").asLong()).isEqualTo(rec.wholeRun().measures().burdenedSpan());
        assertThat(root.get("regions")).hasSize(rec.regions().size());
        for (int i = 0; i < rec.regions().size(); i++) {
            JsonNode r = root.get("regions").get(i);
            assertThat(r.get("label").asText()).isEqualTo(rec.regions().get(i).label());
            assertThat(r.get("span_ns").asLong()).isEqualTo(rec.regions().get(i).measures().span());
            for (JsonNode e : r.get("speedup_estimate")) {
                assertThat(e.get("lower").isNumber()).isTrue();
                assertThat(e.get("lower").asDouble()).isLessThanOrEqualTo(e.get("upper").asDouble());
            }
        }
    }

    @Property(tries = 200)
    void csvReadsBack(@ForAll("recordings") Recording rec) throws Exception {
        List<List<String>> rows = parseCsv(Fixtures.render(new CsvReport(), rec));
        assertThat(rows).hasSize(rec.regions().size() + 2);
        for (List<String> row : rows) {
            assertThat(row).hasSize(6);
        }
        for (int i = 0; i < rec.regions().size(); i++) {
            assertThat(rows.get(i + 1).get(0)).isEqualTo(rec.regions().get(i).label());
        }
        assertThat(rows.get(rows.size() - 1).get(0)).isEmpty();
    }

    @Property(tries = 100)
    void textHasNoNaN(@ForAll("recordings") Recording rec) throws Exception {
        String text = Fixtures.render(new TextReport(), rec);
        assertThat(text).doesNotContain("NaN").doesNotContain("Infinity");
        assertThat(text.lines().filter(l -> l.startsWith("Region "))).hasSize(rec.regions().size());
    }

    /** RFC 4180 reader, enough for the test: quoted fields may hold commas, quotes and line breaks. */
    static List<List<String>> parseCsv(String csv) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                row.add(field.toString());
                field.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        return rows;
    }
}
