"""Prints the heap fractions' table of a calibration.json: python3 table.py cache/calibration.json"""
import json
import math
import statistics
import sys


def main(path):
    report = json.load(open(path))
    print("| class | candidate | against (HBase's, fitted) | rounds | median | sd a round | margin | verdict |"
          " server 0 over server 1, which the swap cancels |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for result in report["classes"]:
        heap = result["heap_fractions"]
        if verdict(heap) == "UNJUDGED" or len(heap["ratios"]) < 2:
            print("| %s | %s | - | %d | - | - | - | %s | %s |" % (result["workload_class"],
                  fractions(heap["candidate"]), len(heap["ratios"]), verdict(heap), heap["reason"]))
            continue
        ratios = heap["ratios"]
        runs = heap["run_ratios"]
        # A round's runs: e * s with the candidate on server 0, e / s with it on server 1.
        servers = [math.sqrt(runs[i] / runs[i + 1]) for i in range(0, len(runs), 2)]
        print("| %s | %s | %s | %d | %.3f | %.1f%% | %.3f | %s | %+.1f%% |" % (
            result["workload_class"], fractions(heap["candidate"]), fractions(heap["against"]), len(ratios),
            heap["median"], 100 * statistics.stdev(ratios), heap["margin"], verdict(heap),
            100 * (geometric_mean(servers) - 1)))


def verdict(heap):
    # The first run's build (3a4c3af) wrote "chosen" where later ones write "verdict".
    return heap["verdict"] if "verdict" in heap else ("POLICY" if heap["chosen"] else "HBASE")


def geometric_mean(values):
    return math.exp(sum(math.log(value) for value in values) / len(values))


def fractions(values):
    return "memstore %s, block cache %s" % (values.get("MEMSTORE", "-"), values.get("BLOCK_CACHE", "-"))


if __name__ == "__main__":
    main(sys.argv[1])
