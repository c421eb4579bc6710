"""Golden NMS for HotPathsTests (NMSGoldenTests): an independent numpy greedy, class-aware NMS.

Integer box coordinates keep areas and intersections exact in float32 and float64 alike, so the IoU comparison
with 0.5 cannot flip between numpy and Swift; scores on a 1/32 grid make ties common (ties keep input order:
a stable argsort of the negated scores). Semantics: score > conf (NaN never passes), suppress IoU > iou within a
class, at most max_det. Run from this folder: python3 make_nms_golden.py
"""
import numpy as np

rng = np.random.default_rng(4)
N, CONF, IOU, MAX_DET = 600, 0.25, 0.5, 40

centres = rng.integers(150, 260, (N, 2))  # crowded: most boxes overlap
sizes = rng.integers(50, 110, (N, 2))
boxes = np.concatenate([centres - sizes // 2, centres + sizes // 2], axis=1).astype(np.float32)
scores = (rng.integers(0, 33, N) / 32).astype(np.float32)
scores[rng.choice(N, 5, replace=False)] = np.nan
classes = rng.integers(0, 4, N).astype(np.int32)


def iou(a, b):
    w = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = w * h
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


with np.errstate(invalid="ignore"):
    candidates = np.flatnonzero(scores > CONF)
order = candidates[np.argsort(-scores[candidates], kind="stable")]
keep = []
for i in order:
    if len(keep) == MAX_DET:
        break
    b = boxes[i].astype(np.float64)
    if all(classes[k] != classes[i] or iou(boxes[k].astype(np.float64), b) <= IOU for k in keep):
        keep.append(i)

np.save("nms_boxes.npy", boxes)
np.save("nms_scores.npy", scores)
np.save("nms_classes.npy", classes)
np.save("nms_keep.npy", np.array(keep, dtype=np.int32))
print(f"{len(candidates)} over {CONF}, kept {len(keep)}")
