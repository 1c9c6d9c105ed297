/// "Did you mean" for keys a UIKit or Core Animation author writes by habit, which edit
/// distance cannot find (`opacity` is far from `alpha`), and for keys written one level away
/// from where they belong (`fontSize` on the view rather than in its `label`).
enum KeySpelling {
    /// UIKit, Core Animation and SwiftUI spellings, with the scene keys they mean (the first one
    /// allowed where the key was written is suggested).
    static let synonyms: [String: [String]] = [
        "opacity": ["alpha"],                                   // CALayer.opacity is UIView.alpha
        "layer.opacity": ["alpha"],
        "isHidden": ["hidden"],
        "layer.cornerRadius": ["cornerRadius"],
        "transform.rotation.z": ["transform.rotation"],
        "layer.shadowOpacity": ["shadowOpacity"],
        "initialSpringVelocity": ["velocity"],                  // UIView.animate(…initialSpringVelocity:)
        "usingSpringWithDamping": ["damping"],                  // UIView.animate(…usingSpringWithDamping:)
        "springDamping": ["damping"],
        "initialVelocity": ["velocity"],                        // UISpringTimingParameters / CASpringAnimation
        "withDuration": ["duration"],
        "timingFunction": ["curve"],
        "timingCurve": ["curve"],
        "masksToBounds": ["clipsToBounds"],
        "textColor": ["color"],
        "foregroundColor": ["color"],
        "textAlignment": ["alignment", "textAlignment"],
        "text": ["label", "text"],
        "font": ["fontSize", "font"],
        "zIndex": ["zPosition"],
        "transform.rotation": ["rotation"],
        "angle": ["rotation"],
        "origin": ["position", "frame"],
        "size": ["bounds", "frame", "size"],
        "tint": ["color", "backgroundColor"],
        "tintColor": ["color", "backgroundColor"],
        "fillColor": ["fill"],
        "strokeColor": ["stroke"],
        "children": ["subviews"],
        "subview": ["subviews"],
    ]

    /// Keys that belong inside one of a view's own mappings, by the mapping they belong in.
    static let nestedIn: [String: String] = [
        "fontSize": "label", "bold": "label", "alignment": "label", "numberOfLines": "label", "lineBreakMode": "label",
        "template": "label", "color": "label", "weight": "label.font",
        "fill": "shape", "stroke": "shape", "lineWidth": "shape", "path": "shape", "lineCap": "shape", "lineJoin": "shape",
        "strokeStart": "shape", "strokeEnd": "shape",
        "contentSize": "scroll", "contentInset": "scroll", "contentOffset": "scroll", "bounces": "scroll",
        "isPagingEnabled": "scroll",
        "damping": "spring", "velocity": "spring", "stiffness": "spring", "mass": "spring", "dampingRatio": "spring",
        "response": "spring",
        "property": "animations", "to": "animations", "delay": "animations", "curve": "animations", "spring": "animations",
        "keyframes": "animations",
    ]

    /// The allowed key a UIKit spelling `key` means, if any.
    static func synonym(for key: String, in allowed: [String]) -> String? {
        synonyms[key]?.first { allowed.contains($0) && $0 != key }
    }

    /// Where `key`, unknown here, belongs instead: " ('fontSize' belongs inside 'label')", or "".
    static func placementNote(for key: String, in allowed: [String]) -> String {
        guard let home = nestedIn[key], let first = home.split(separator: ".").first, allowed.contains(String(first)) else { return "" }
        return " ('\(key)' belongs inside '\(home)')"
    }
}
