package io.forkscope.model.sites;

/**
 * The three measurements Cilkprof keeps per call site (§6), in one profile (on work or on span):
 * <ul>
 *   <li>{@code topCallSite}: invocations of the site with no enclosing invocation of the same site;
 *   <li>{@code topCaller}: invocations with no enclosing invocation made from a site in the same
 *       method as this one;
 *   <li>{@code local}: every invocation, each counting only its own work and the own strands on its
 *       span path (its work/span minus what the invocations it makes contribute).
 * </ul>
 * Local values add up without double counting under recursion: local work over all sites plus the
 * work outside any site is T1; on span, local span over all sites plus the outside part is T∞.
 */
public record SiteMeasures(int site, Measurement topCallSite, Measurement topCaller, Measurement local) {
}
