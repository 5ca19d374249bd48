"""Checks a SARIF 2.1.0 log for the properties the schema requires and the
ones code-scanning pages read (rules, locations, fixes); no network.

Usage: check_sarif.py LOG [EXPECTED_RESULTS]
"""
import json
import sys


def need(cond, what):
    if not cond:
        sys.exit("check_sarif: " + what)


def check_region(region, where):
    need(isinstance(region.get("startLine"), int) and region["startLine"] >= 1,
         where + ": region.startLine must be an integer >= 1")
    need(isinstance(region.get("startColumn"), int) and region["startColumn"] >= 1,
         where + ": region.startColumn must be an integer >= 1")


def check_location(loc, where):
    phys = loc.get("physicalLocation")
    need(isinstance(phys, dict), where + ": physicalLocation missing")
    need(isinstance(phys.get("artifactLocation", {}).get("uri"), str),
         where + ": artifactLocation.uri missing")
    check_region(phys.get("region", {}), where)


def check_fix(fix, where):
    need(isinstance(fix.get("artifactChanges"), list) and fix["artifactChanges"],
         where + ": fix.artifactChanges must be a non-empty array")
    for change in fix["artifactChanges"]:
        need("uri" in change.get("artifactLocation", {}),
             where + ": artifactChange.artifactLocation.uri missing")
        need(change.get("replacements"), where + ": replacements missing")
        for rep in change["replacements"]:
            region = rep.get("deletedRegion", {})
            need(isinstance(region.get("byteOffset"), int) and
                 isinstance(region.get("byteLength"), int),
                 where + ": deletedRegion needs byteOffset and byteLength")
            need(isinstance(rep.get("insertedContent", {}).get("text"), str),
                 where + ": insertedContent.text missing")


def main():
    log = json.load(open(sys.argv[1]))
    need(log.get("version") == "2.1.0", "version must be 2.1.0")
    need("sarif-2.1.0" in log.get("$schema", ""), "$schema must name 2.1.0")
    need(isinstance(log.get("runs"), list) and len(log["runs"]) == 1,
         "runs must hold one run")
    run = log["runs"][0]
    driver = run.get("tool", {}).get("driver", {})
    need(driver.get("name") == "cuda-lower", "tool.driver.name missing")
    rules = driver.get("rules", [])
    need(all("id" in r and r.get("shortDescription", {}).get("text") for r in rules),
         "every rule needs an id and a shortDescription.text")
    results = run.get("results")
    need(isinstance(results, list), "results must be an array")
    for i, res in enumerate(results):
        where = "results[%d]" % i
        need(res.get("message", {}).get("text"), where + ": message.text missing")
        need(res.get("level") in ("error", "warning", "note"), where + ": bad level")
        idx = res.get("ruleIndex")
        need(isinstance(idx, int) and 0 <= idx < len(rules) and
             rules[idx]["id"] == res.get("ruleId"),
             where + ": ruleIndex must point at the rule named by ruleId")
        need(res.get("locations"), where + ": locations missing")
        for loc in res["locations"]:
            check_location(loc, where)
        for fix in res.get("fixes", []):
            check_fix(fix, where)
        print("%s %s:%d:%d %s%s" % (
            res["ruleId"],
            res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            res["locations"][0]["physicalLocation"]["region"]["startLine"],
            res["locations"][0]["physicalLocation"]["region"]["startColumn"],
            res["level"], " fix" if res.get("fixes") else ""))
    print("ok: %d results, %d rules" % (len(results), len(rules)))


main()
