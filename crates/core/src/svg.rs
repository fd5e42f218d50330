//! What the domains' SVG pictures (thermographs, heap sequence plots) share.

/// Text made safe inside an SVG element: a caption may hold `<`, `>` or `&` (a game such as
/// `{1|<co>}` or a title typed by the user).
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    #[test]
    fn markup_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(super::escape("+-1 & <co> ^*"), "+-1 &amp; &lt;co&gt; ^*");
    }
}
