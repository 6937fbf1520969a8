package org.hcasim.dist.report;

/** HTML escaping and the page frame shared by the generated pages (self-contained: no network). */
public final class Html {
    private Html() { }

    public static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** A plot: its SVG file as the image, with links to the PNG and the SVG ({@code base} without extension). */
    public static String figure(String base, String caption) {
        String f = escape(base);
        return "<figure><img src=\"" + f + ".svg\" alt=\"" + escape(caption) + " plot\"><figcaption>" + escape(caption)
                + " (<a href=\"" + f + ".png\">PNG</a>, <a href=\"" + f + ".svg\">SVG</a>)</figcaption></figure>\n";
    }

    /** A full page with inline styles only. */
    public static String page(String title, String body) {
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <title>%s</title>
                <style>
                body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
                h1, h2 { font-weight: 600; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
                table { border-collapse: collapse; margin: .8em 0; font-size: .9em; }
                th, td { padding: .25em .7em; border-bottom: 1px solid #e4e4e4; text-align: left; }
                td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
                tr:hover td { background: #f6f8fa; }
                .miss { color: #b00020; font-weight: 600; } .ok { color: #1b7a3a; }
                .comment { color: #555; font-family: ui-monospace, monospace; font-size: .85em; white-space: pre-wrap; }
                figure { margin: 1em 0; } figure img { max-width: 100%%; border: 1px solid #eee; }
                details { margin: .3em 0; } summary { cursor: pointer; }
                </style>
                </head>
                <body>
                %s
                </body>
                </html>
                """.formatted(escape(title), body);
    }
}
