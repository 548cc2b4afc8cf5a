//! SVG pictures of a table with its discs and, optionally, their trajectories.

use std::fmt::Write as _;

use crate::{DiscStatus, Trajectory, World};

/// How to draw a world as SVG.
///
/// # Examples
///
/// ```
/// use disc_physics::{render_svg, scenes, SvgOptions};
/// let world = scenes::novuss_break();
/// let opts = SvgOptions {
///     width_px: 300.0,
///     fills: &["red"],
///     title: Some("Novuss break"),
///     ..SvgOptions::default()
/// };
/// let svg = render_svg(&world, &opts);
/// assert!(svg.contains(r#"width="300""#));
/// assert!(svg.contains(r#"fill="red""#) && svg.contains("Novuss break"));
/// ```
#[derive(Clone, Debug)]
pub struct SvgOptions<'a> {
    /// Width of the picture in pixels (the table and its frame fill it). Default 600. A width
    /// that is not finite, not positive, or so large that the picture's width or height is
    /// not a finite number of pixels draws at the default 600.
    pub width_px: f64,
    /// Fill colour of each disc by id (CSS colours); discs past the end use `default_fill`.
    /// Written into the document with `&`, `<`, `>`, `"` and `'` escaped, so any string
    /// gives well-formed XML (a colour that is not CSS is the viewer's to ignore).
    pub fills: &'a [&'a str],
    /// Fill of discs without an entry in `fills`. Default `"#d9c7a0"`. Escaped as `fills`.
    pub default_fill: &'a str,
    /// Trajectories to draw under the discs.
    pub trajectory: Option<&'a Trajectory>,
    /// Draw the discs that are off the table (pocketed, jumped, removed) as dashed outlines at
    /// their last position. Default false.
    pub show_off_table: bool,
    /// Optional title drawn in the top-left corner of the frame.
    pub title: Option<&'a str>,
}

impl Default for SvgOptions<'_> {
    fn default() -> Self {
        SvgOptions {
            width_px: 600.0,
            fills: &[],
            default_fill: "#d9c7a0",
            trajectory: None,
            show_off_table: false,
            title: None,
        }
    }
}

/// Renders the table (frame, surface, pockets, walls), the discs on it and the trajectories as
/// a standalone SVG document. +y is drawn upwards, so the breaker's cushion is at the bottom.
///
/// # Examples
///
/// ```
/// use disc_physics::{SvgOptions, render_svg, scenes};
/// let world = scenes::novuss_break();
/// let svg = render_svg(&world, &SvgOptions::default());
/// assert!(svg.starts_with("<svg") && svg.contains("<circle"));
/// ```
#[must_use]
pub fn render_svg(world: &World, opts: &SvgOptions<'_>) -> String {
    let t = world.table();
    let hx = t.half_width_m();
    let hy = t.half_height_m();
    let frame = 0.06 * hx.max(hy);
    let w_m = 2.0 * (hx + frame);
    let h_m = 2.0 * (hy + frame);
    let drawable = |k: f64| k > 0.0 && (w_m * k).is_finite() && (h_m * k).is_finite();
    let k = if opts.width_px.is_finite() && drawable(opts.width_px / w_m) {
        opts.width_px / w_m
    } else {
        600.0 / w_m
    };
    let sx = |x: f64| (x + hx + frame) * k;
    let sy = |y: f64| (hy + frame - y) * k;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{:.0}" viewBox="0 0 {:.2} {:.2}">"#,
        w_m * k,
        h_m * k,
        w_m * k,
        h_m * k
    );
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{:.2}" height="{:.2}" fill="#6b3e1f"/>"##,
        w_m * k,
        h_m * k
    );
    let _ = writeln!(
        s,
        r##"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="#f3e3c3" stroke="#3b2410" stroke-width="1"/>"##,
        sx(-hx),
        sy(hy),
        2.0 * hx * k,
        2.0 * hy * k
    );
    if let Some(title) = opts.title {
        let esc = escape(title);
        let _ = writeln!(
            s,
            r##"<text x="{:.2}" y="{:.2}" font-family="sans-serif" font-size="{:.1}" fill="#ffffff">{}</text>"##,
            0.4 * frame * k,
            0.7 * frame * k,
            0.5 * frame * k,
            esc
        );
    }
    for p in t.pockets() {
        let _ = writeln!(
            s,
            r##"<circle cx="{:.2}" cy="{:.2}" r="{:.2}" fill="#111111"/>"##,
            sx(p.centre.x),
            sy(p.centre.y),
            p.radius_m * k
        );
    }
    for w in t.walls() {
        let width = (2.0 * w.half_thickness_m * k).max(1.0);
        let _ = writeln!(
            s,
            r##"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="#3b2410" stroke-width="{:.2}" stroke-linecap="round"/>"##,
            sx(w.a.x),
            sy(w.a.y),
            sx(w.b.x),
            sy(w.b.y),
            width
        );
    }
    let fill_of = |i: usize| opts.fills.get(i).copied().unwrap_or(opts.default_fill);
    if let Some(tr) = opts.trajectory {
        for (i, path) in tr.paths().iter().enumerate() {
            if path.len() < 2 {
                continue;
            }
            s.push_str(r#"<polyline fill="none" stroke-width="1" stroke-opacity="0.8" stroke=""#);
            s.push_str(&escape(&stroke_of(fill_of(i))));
            s.push_str(r#"" points=""#);
            for (n, p) in path.iter().enumerate() {
                if n > 0 {
                    s.push(' ');
                }
                let _ = write!(s, "{:.1},{:.1}", sx(p.x), sy(p.y));
            }
            s.push_str("\"/>\n");
        }
    }
    for d in world.discs() {
        let on = d.status == DiscStatus::OnTable;
        if !on && !opts.show_off_table {
            continue;
        }
        let dash = if on {
            ""
        } else {
            r#" stroke-dasharray="2,2" fill-opacity="0.2""#
        };
        let _ = writeln!(
            s,
            r##"<circle cx="{:.2}" cy="{:.2}" r="{:.2}" fill="{}" stroke="#222222" stroke-width="0.8"{}/>"##,
            sx(d.position.x),
            sy(d.position.y),
            d.kind.radius_m() * k,
            escape(fill_of(d.id.index())),
            dash
        );
    }
    s.push_str("</svg>\n");
    s
}

/// `text` with the characters that XML gives a meaning escaped (`&`, `<`, `>`, `"`, `'`), for
/// an attribute value or text content.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A stroke colour for a trajectory: the disc's fill unless it is very light, then grey.
fn stroke_of(fill: &str) -> String {
    let light = matches!(
        fill.to_ascii_lowercase().as_str(),
        "white" | "#fff" | "#ffffff" | "ivory" | "#fffff0" | "#f5f5f5"
    );
    if light {
        "#888888".to_string()
    } else {
        fill.to_string()
    }
}
