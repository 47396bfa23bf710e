#!/usr/bin/env python3
"""The table of bench/model/simulate.sh: per program, the DAG's work T1 and the simulated T_2 of each
recorded warm region (median over the trials), the measured T_1 and T_2 without the recorder (bench,
median over the trials), the error |measured - simulated| / measured, and the same simulation with the
nodes scaled to the measured T_1 (predict --work-ns). Usage: bench/model/simulate-table.py DIR"""
import csv, json, os, statistics, subprocess, sys

d = sys.argv[1]
jar = os.path.join(d, "forkscope.jar")
progs = sorted(f[:-len("-rec")] for f in os.listdir(d) if f.endswith("-rec"))

def predict(rec, region, extra):
    out = subprocess.run(["java", "-jar", jar, "predict", rec, "--region", region, "-p", "2", "--json"] + extra,
                         capture_output=True, text=True, check=True).stdout
    j = json.loads(out)
    return j["dag"]["work_ns"], j["predicted"][0]["sequential"]["t_p_ns"], j["dag"]["span_ns"], j["recorded"]["elapsed_ns"]

print("| program | n | DAG work T1 (ms) | simulated T_2 (ms) | recorded region (ms) | measured T_1 / T_2 (ms), spread at P = 2 | error of simulated T_2 | simulated T_2 with T1 = measured T_1 (ms) | its error |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for prog in progs:
    rows = list(csv.DictReader(open(os.path.join(d, prog + "-rec", "index.csv"))))
    times = {1: [], 2: []}
    t = 1
    while os.path.exists(os.path.join(d, f"{prog}-bench-t{t}.csv")):
        for r in csv.DictReader(open(os.path.join(d, f"{prog}-bench-t{t}.csv"))):
            if r["region"] == prog:
                times[int(r["p"])].append(int(r["time_ns"]))
        t += 1
    if not times[1] or not times[2] or not rows:
        continue
    t1 = statistics.median(times[1])
    t2 = statistics.median(times[2])
    spread2 = (max(times[2]) - min(times[2])) / t2
    sims, scaled, works, recs = [], [], [], []
    for r in rows:
        rec = os.path.join(d, prog + "-rec", r["file"])
        w, s, _, e = predict(rec, prog, [])
        works.append(w); sims.append(s); recs.append(e)
        scaled.append(predict(rec, prog, ["--work-ns", str(int(t1))])[1])
    sim = statistics.median(sims)
    sc = statistics.median(scaled)
    print(f"| {prog} | {rows[0]['n']} | {statistics.median(works)/1e6:.1f} | {sim/1e6:.1f} | {statistics.median(recs)/1e6:.1f}"
          f" | {t1/1e6:.1f} / {t2/1e6:.1f} ({100*spread2:.0f}%) | {100*abs(t2-sim)/t2:.0f}% | {sc/1e6:.1f} | {100*abs(t2-sc)/t2:.0f}% |")
