import Foundation

/// Instance masks the straightforward way (001 §2b, YOLOUtils): for each detection, the logits of every prototype
/// cell by a triple loop, sigmoid, crop to the box, bilinear upsample of every output pixel, vertical flip, and
/// conversion to `UInt8 = round(255·m)`. See ``MaskGeometry`` for the crop and sampling rules.
public enum ReferenceMasks {
    /// - Parameters:
    ///   - prototypes: `channels × protoHeight × protoWidth` floats.
    ///   - coefficients: `N × channels` floats.
    ///   - boxes: `N × 4` floats, `x1, y1, x2, y2` in output pixels.
    /// - Returns: `N × height × width` bytes.
    public static func run(prototypes: [Float], coefficients: [Float], boxes: [Float], channels: Int,
                           geometry: MaskGeometry) -> [UInt8] {
        let count = boxes.count / 4
        precondition(prototypes.count == channels * geometry.protoCells && coefficients.count == count * channels)
        var masks = [UInt8](repeating: 0, count: count * geometry.pixels)
        for n in 0..<count {
            var cells = [Float](repeating: 0, count: geometry.protoCells)
            let crop = geometry.crop((boxes[4 * n], boxes[4 * n + 1], boxes[4 * n + 2], boxes[4 * n + 3]))
            for y in 0..<geometry.protoHeight {
                for x in 0..<geometry.protoWidth {
                    var logit: Float = 0
                    for c in 0..<channels {
                        logit += coefficients[n * channels + c] * prototypes[c * geometry.protoCells + y * geometry.protoWidth + x]
                    }
                    let inside = crop.y.contains(y) && crop.x.contains(x)
                    cells[y * geometry.protoWidth + x] = inside ? 1 / (1 + exp(-logit)) : 0
                }
            }
            let upsampled = upsample(cells, geometry)
            for y in 0..<geometry.height {
                let row = geometry.flip ? geometry.height - 1 - y : y
                for x in 0..<geometry.width {
                    masks[n * geometry.pixels + row * geometry.width + x] = MaskGeometry.byte(upsampled[y * geometry.width + x])
                }
            }
        }
        return masks
    }

    private static func upsample(_ cells: [Float], _ geometry: MaskGeometry) -> [Float] {
        var output = [Float](repeating: 0, count: geometry.pixels)
        let value = { (y: Int, x: Int) in cells[y * geometry.protoWidth + x] }
        for y in 0..<geometry.height {
            let (y0, y1, wy) = MaskGeometry.tap(y, cells: geometry.protoHeight, outputs: geometry.height)
            for x in 0..<geometry.width {
                let (x0, x1, wx) = MaskGeometry.tap(x, cells: geometry.protoWidth, outputs: geometry.width)
                let top = lerp(value(y0, x0), value(y0, x1), wx)
                let bottom = lerp(value(y1, x0), value(y1, x1), wx)
                output[y * geometry.width + x] = lerp(top, bottom, wy)
            }
        }
        return output
    }
}
