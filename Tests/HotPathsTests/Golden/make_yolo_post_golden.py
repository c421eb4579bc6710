"""Golden YOLO post-processing for HotPathsTests (YoloPostGoldenTests): boxes with known answers.

Detections are chosen in camera-image pixels, then put into the square letterboxed model input the way the
detector sees them (ultralytics LetterBox: gain = min(640 / h, 640 / w), the scaled image centred, pad split
evenly; integer pads here, so ultralytics' pad rounding changes nothing). The post-processor must map the kept
boxes back with scale_boxes, (box - pad) / gain: the answers are the chosen image boxes themselves (the script
checks its own inverse against them). NMS is an independent numpy greedy (score > conf, IoU > iou suppressed within
a class, by descending score, stable). Two cameras: landscape 64x48 (pad at top and bottom) and portrait 48x64
(pad at left and right). Run from this folder: python3 make_yolo_post_golden.py
"""
import numpy as np

INPUT, C, PH, PW = 640, 32, 12, 16
CONF, IOU, MAX_DET = 0.5, 0.5, 10
rng = np.random.default_rng(20261124)


def letterbox(width, height):
    gain = min(INPUT / height, INPUT / width)
    return gain, (INPUT - width * gain) / 2, (INPUT - height * gain) / 2


def iou(a, b):
    w = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = w * h
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


for name, (width, height) in {"landscape": (64, 48), "portrait": (48, 64)}.items():
    # Image boxes (x1, y1, x2, y2): two overlapping of one class (the lower score is suppressed), one overlapping
    # of another class (kept), a small one, one reaching past the image edge, and one under the confidence.
    image = np.array([
        [8.0, 4.0, 40.0, 30.0],
        [9.0, 5.0, 41.0, 31.0],
        [10.0, 6.0, 38.0, 29.0],
        [30.5, 20.25, 35.75, 26.5],
        [-6.0, 10.0, 20.0, 60.0],
        [1.0, 1.0, 5.0, 5.0],
    ])
    scores = np.array([0.9, 0.8, 0.85, 0.7, 0.6, 0.3], dtype=np.float32)
    classes = np.array([0, 0, 1, 0, 2, 0], dtype=np.int32)
    gain, pad_x, pad_y = letterbox(width, height)
    assert pad_x == int(pad_x) and pad_y == int(pad_y)
    model = (image * gain + [pad_x, pad_y, pad_x, pad_y]).astype(np.float32)  # what the detector outputs
    back = (model.astype(np.float64) - [pad_x, pad_y, pad_x, pad_y]) / gain     # ultralytics scale_boxes
    assert np.allclose(back, image, atol=1e-4), "the inverse gives back the chosen image boxes"

    order = np.argsort(-scores, kind="stable")
    keep = []
    for i in order:
        if scores[i] <= CONF or len(keep) == MAX_DET:
            continue
        if all(classes[k] != classes[i] or iou(model[k].astype(np.float64), model[i].astype(np.float64)) <= IOU for k in keep):
            keep.append(int(i))
    coefficients = rng.normal(0, 0.5, (len(image), C)).astype(np.float32)
    prototypes = rng.normal(0, 1, (C, PH, PW)).astype(np.float32)

    np.save(f"yolo_post_{name}_boxes.npy", model)
    np.save(f"yolo_post_{name}_scores.npy", scores)
    np.save(f"yolo_post_{name}_classes.npy", classes)
    np.save(f"yolo_post_{name}_coeffs.npy", coefficients)
    np.save(f"yolo_post_{name}_protos.npy", prototypes)
    np.save(f"yolo_post_{name}_keep.npy", np.array(keep, dtype=np.int32))
    np.save(f"yolo_post_{name}_image_boxes.npy", image[keep].astype(np.float32))
    print(name, "gain", gain, "pad", pad_x, pad_y, "keep", keep)
