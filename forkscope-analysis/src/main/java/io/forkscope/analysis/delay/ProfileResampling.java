package io.forkscope.analysis.delay;

import io.forkscope.model.dag.EdgeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Brings a parallelism profile down to a bounded number of samples for drawing: when it has more
 * segments than wanted, the run is cut into equal buckets and each bucket gets the time-weighted
 * average of running, of ready by kind, of not running and of forkscope's share over it, so that
 * every area (worker-time running, ready, ...) stays what it was. A profile with few enough segments is returned as it is.
 */
public final class ProfileResampling {
    private ProfileResampling() {}

    /**
     * @param points the most samples wanted (at least 1)
     * @return samples covering the profile's segments from the first start to the last end
     */
    public static List<ProfileSample> resample(ParallelismProfile profile, int points) {
        if (points < 1) {
            throw new IllegalArgumentException("points must be at least 1");
        }
        List<ProfileSegment> segments = profile.segments();
        int kinds = EdgeKind.values().length;
        List<ProfileSample> out = new ArrayList<>();
        if (segments.size() <= points) {
            for (ProfileSegment s : segments) {
                out.add(new ProfileSample(s.start(), s.end(), s.running(), s.readyByKind().clone(), s.notRunning(),
                        forkscope(s)));
            }
            return out;
        }
        double begin = segments.get(0).start();
        double finish = segments.get(segments.size() - 1).end();
        double width = (finish - begin) / points;
        double[] running = new double[points];
        double[] notRunning = new double[points];
        double[] forkscope = new double[points];
        double[][] ready = new double[points][kinds];
        for (ProfileSegment s : segments) {
            // one bucket either side as well: rounding may put an edge a hair away from floor()'s idea
            int first = Math.max(0, bucket(s.start(), begin, width, points) - 1);
            int last = Math.min(points - 1, bucket(s.end(), begin, width, points) + 1);
            for (int b = first; b <= last; b++) {
                double lo = Math.max(s.start(), edge(b, begin, width, finish, points));
                double hi = Math.min(s.end(), edge(b + 1, begin, width, finish, points));
                if (hi <= lo) {
                    continue;
                }
                double dt = hi - lo;
                running[b] += s.running() * dt;
                notRunning[b] += s.notRunning() * dt;
                forkscope[b] += forkscope(s) * dt;
                for (int k = 0; k < kinds; k++) {
                    ready[b][k] += s.readyByKind()[k] * dt;
                }
            }
        }
        for (int b = 0; b < points; b++) {
            double lo = edge(b, begin, width, finish, points);
            double hi = edge(b + 1, begin, width, finish, points);
            double dt = hi - lo;
            double[] r = new double[kinds];
            for (int k = 0; k < kinds; k++) {
                r[k] = dt > 0 ? ready[b][k] / dt : 0;
            }
            out.add(new ProfileSample(lo, hi, dt > 0 ? running[b] / dt : 0, r, dt > 0 ? notRunning[b] / dt : 0,
                    dt > 0 ? forkscope[b] / dt : 0));
        }
        return out;
    }

    /** Forkscope's share of a segment: workers in its hooks, and nodes held by one. */
    static double forkscope(ProfileSegment s) {
        return s.recorder() + s.held();
    }

    private static int bucket(double t, double begin, double width, int points) {
        int b = (int) Math.floor((t - begin) / width);
        return Math.max(0, Math.min(points - 1, b));
    }

    private static double edge(int b, double begin, double width, double finish, int points) {
        return b >= points ? finish : begin + b * width;
    }
}
