#!/usr/bin/env python3
"""The layout `flipbook solver-bench` times, with kiwisolver (C++ core): a row of VIEWS views,
5 constraints each (left after the previous + 2, top, height, width >= 2, width == 10 medium)
plus the last right edge <= 800; the first left edge follows an edit variable suggested a new
value every frame (0 -> 400). Prints one line like the Swift one: kiwi: constraints=N
frames=N ms/frame=X right=R first=F."""
import sys
import time

import kiwisolver as kiwi


def main(views=60, frames=600):
    solver = kiwi.Solver()
    left = [kiwi.Variable(f"v{i}.left") for i in range(views)]
    top = [kiwi.Variable(f"v{i}.top") for i in range(views)]
    width = [kiwi.Variable(f"v{i}.width") for i in range(views)]
    height = [kiwi.Variable(f"v{i}.height") for i in range(views)]
    push = kiwi.Variable("push")
    count = 1
    solver.addConstraint(left[0] == push)
    for i in range(views):
        if i > 0:
            solver.addConstraint(left[i] == left[i - 1] + width[i - 1] + 2)
            count += 1
        solver.addConstraint(top[i] == 10)
        solver.addConstraint(height[i] == 10)
        solver.addConstraint(width[i] >= 2)
        solver.addConstraint((width[i] == 10) | "medium")
        count += 4
    solver.addConstraint(left[-1] + width[-1] <= 800)
    count += 1
    solver.addEditVariable(push, "strong")
    start = time.perf_counter()
    for frame in range(frames):
        solver.suggestValue(push, 400 * frame / (frames - 1))
        solver.updateVariables()
    seconds = time.perf_counter() - start
    print(f"kiwi: constraints={count} frames={frames} ms/frame={seconds * 1000 / frames:.4f} "
          f"right={left[-1].value() + width[-1].value():g} first={left[0].value():g}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
