// heroes-benchmarks: speed and memory goals as ratios against a baseline measured in the same
// run. Filled in by the Network layer issue.
print("heroes-benchmarks: no benchmark yet")
