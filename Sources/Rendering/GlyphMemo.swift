import AssetCore
import AssetPlan
import Foundation

/// Glyph work shared between the jobs of one loaded source (it lives as long as the source):
///
/// - the snap shift of a placement: the two forms of a tab (the drawn one and the derived one)
///   are placed alike and snap alike, so the shift is measured once for both;
/// - the width of the drawing's details, which a derived outline is stroked with;
/// - the filled form of a tab, decided once and averaged down to every size;
/// - derived forms made by the build's "could not derive a distinct form" check (`GlyphInspector.
///   derivedChange(for:…)`), taken by the render of the same job instead of being derived again.
///
/// Each value is made once: a second caller waits for the first and shares its result, so the
/// output never depends on which job came first.
final class GlyphMemo: @unchecked Sendable {
    struct PlacementKey: Hashable {
        var box: PixelSize
        var placement: Placement
        var factor: Int
    }

    struct FormKey: Hashable {
        var placement: PlacementKey
        var treatment: GlyphTreatment
    }

    private let lock = NSLock()
    private let detail = Once<Result<Double?, RenderError>>()
    private let filled = Once<Result<GlyphRenderer.FilledForm, RenderError>>()
    private var shifts: [PlacementKey: Once<Result<Placement, RenderError>>] = [:]
    private var forms: [FormKey: DerivedForm] = [:]

    /// The snapped placement for `key`, made by `make` the first time it is asked for.
    func snapped(_ key: PlacementKey, _ make: () -> Result<Placement, RenderError>) throws(RenderError) -> Placement {
        lock.lock()
        let value: Once<Result<Placement, RenderError>>
        if let known = shifts[key] {
            value = known
        } else {
            value = Once()
            shifts[key] = value
        }
        lock.unlock()
        return try value.get(make).get()
    }

    /// The source's detail width as a share of its size (`GlyphRenderer.detailShare`), made by
    /// `make` the first time it is asked for.
    func detailShare(_ make: () -> Result<Double?, RenderError>) throws(RenderError) -> Double? {
        try detail.get(make).get()
    }

    /// The source's filled tab form (`GlyphRenderer.filledForm`), made by `make` the first time
    /// it is asked for.
    func filledForm(_ make: () -> Result<GlyphRenderer.FilledForm, RenderError>) throws(RenderError) -> GlyphRenderer.FilledForm {
        try filled.get(make).get()
    }

    func store(_ form: DerivedForm, for key: FormKey) {
        lock.lock()
        forms[key] = form
        lock.unlock()
    }

    /// The derived form stored for `key`, removed from the memo (each job is rendered once).
    func take(_ key: FormKey) -> DerivedForm? {
        lock.lock()
        defer { lock.unlock() }
        return forms.removeValue(forKey: key)
    }
}


/// A derived tab form at the output size, and the share of pixels the derivation changed
/// (`GlyphInspector.derivedChange`).
struct DerivedForm: Sendable {
    var bitmap: Bitmap
    var change: Double
}

extension LoadedSource {
    var glyphMemo: GlyphMemo {
        switch self {
        case .vector(let image): image.glyphMemo
        case .bitmap(let image): image.glyphMemo
        }
    }
}
