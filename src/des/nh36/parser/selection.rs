//! Selections: points, rectangles, lines, filters, floods, circles,
//! ellipses, gradients and their unions and complements.

use super::operands::*;
use super::values::dir_list;

pub(super) fn selection<'a>(
    forms: super::OperandForms,
    expr: &P<'a, Expr<'a>>,
    coord: &P<'a, Coord<'a>>,
    region: &P<'a, Region<'a>>,
    mapchar: &P<'a, MapChar<'a>>,
    sel: P<'a, Sel<'a>>,
) -> P<'a, Sel<'a>> {
    let paren = |p: P<'a, Sel<'a>>| p.delimited_by(punct(b'('), punct(b')'));
    // Between a line's ends.
    let to = punct(if forms.line_dash { b'-' } else { b',' });
    let filling = comma()
        .ignore_then(val(Val::Filling, "`filled` or `unfilled`"))
        .or_not();
    let term = recursive(
        |term: Recursive<dyn Parser<'a, In<'a>, SelTerm<'a>, Extra<'a>>>| {
            choice((
                coord.clone().map(SelTerm::Point),
                kw(Kw::Rect).ignore_then(region.clone()).map(SelTerm::Rect),
                kw(Kw::FillRect)
                    .ignore_then(region.clone())
                    .map(SelTerm::FillRect),
                kw(Kw::Line)
                    .ignore_then(coord.clone())
                    .then_ignore(to.clone())
                    .then(coord.clone())
                    .map(|(a, b)| SelTerm::Line(a, b)),
                kw(Kw::RandLine)
                    .ignore_then(coord.clone())
                    .then_ignore(to.clone())
                    .then(coord.clone())
                    .then_ignore(comma())
                    .then(expr.clone())
                    .map(|((a, b), r)| SelTerm::RandLine(a, b, r)),
                kw(Kw::Grow)
                    .ignore_then(
                        dir_list()
                            .then_ignore(comma())
                            .or_not()
                            .then(sel.clone())
                            .delimited_by(punct(b'('), punct(b')')),
                    )
                    .map(|(dirs, s)| SelTerm::Grow(dirs.unwrap_or(15), s)),
                kw(Kw::Filter).ignore_then(
                    choice((
                        select! { Tok::SPercent(p) => p }
                            .then_ignore(comma())
                            .then(sel.clone())
                            .map(|(p, s)| SelTerm::FilterPercent(p, s)),
                        sel.clone()
                            .map(FilterBy::Sel)
                            .or(mapchar.clone().map(FilterBy::MapChar))
                            .then_ignore(comma())
                            .then(sel.clone())
                            .map(|(f, s)| SelTerm::Filter(f, s)),
                    ))
                    .delimited_by(punct(b'('), punct(b')')),
                ),
                kw(Kw::Floodfill)
                    .ignore_then(coord.clone())
                    .map(SelTerm::Flood),
                kw(Kw::Circle)
                    .ignore_then(
                        coord
                            .clone()
                            .then_ignore(comma())
                            .then(expr.clone())
                            .then(filling.clone())
                            .delimited_by(punct(b'('), punct(b')')),
                    )
                    .map(|((c, r), f)| SelTerm::Circle(c, r, f)),
                kw(Kw::Ellipse)
                    .ignore_then(
                        coord
                            .clone()
                            .then_ignore(comma())
                            .then(expr.clone())
                            .then_ignore(comma())
                            .then(expr.clone())
                            .then(filling.clone())
                            .delimited_by(punct(b'('), punct(b')')),
                    )
                    .map(|(((c, a), b), f)| SelTerm::Ellipse(c, a, b, f)),
                gradient(expr, coord),
                kw(Kw::Complement)
                    .ignore_then(term.clone())
                    .map(|t| SelTerm::Complement(Box::new(t))),
                paren(sel.clone()).map(SelTerm::Paren),
            ))
            .boxed()
        },
    );
    term.separated_by(punct(b'&'))
        .at_least(1)
        .collect::<Vec<_>>()
        .labelled("a selection")
        .boxed()
}

/// `gradient(type, (from - to [, limited]), center [, end])`.
pub(super) fn gradient<'a>(expr: &P<'a, Expr<'a>>, coord: &P<'a, Coord<'a>>) -> P<'a, SelTerm<'a>> {
    let range = expr
        .clone()
        .try_map(|e, span| match e {
            // `from - to`: the subtraction at the top is the separator.
            Expr::Binary(a, Opcode::MathSub, b) => Ok((*a, *b)),
            _ => Err(Rich::custom(span, "expected `from - to`")),
        })
        .then(
            comma()
                .ignore_then(val(Val::Limited, "`limited` or `unlimited`"))
                .or_not(),
        )
        .delimited_by(punct(b'('), punct(b')'));
    kw(Kw::Gradient)
        .ignore_then(
            val(Val::GradientType, "`radial` or `square`")
                .then_ignore(comma())
                .then(range)
                .then_ignore(comma())
                .then(coord.clone())
                .then(comma().ignore_then(coord.clone()).or_not())
                .delimited_by(punct(b'('), punct(b')')),
        )
        .map(
            |(((kind, ((from, to), limited)), center), end)| SelTerm::Gradient {
                kind,
                from,
                to,
                limited: limited.unwrap_or(0),
                center,
                end,
            },
        )
        .boxed()
}
