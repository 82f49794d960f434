use e2e::Browser;

#[tokio::test]
async fn shots() {
    for (name, size, query) in [
        ("desk10", (1280, 720), "?technique=subtraction&slider=rook&square=d2&occupied=0x0008000000400800&step=9"),
        ("desk1", (1280, 720), "?technique=subtraction&slider=rook&square=d2&occupied=0x0008000000400800&step=0"),
        (
            "embed10",
            (600, 720),
            "?technique=subtraction&slider=rook&square=d2&occupied=0x0008000000400800&step=9&embed=1",
        ),
        ("phone10", (390, 844), "?technique=subtraction&slider=rook&square=d2&occupied=0x0008000000400800&step=9"),
        ("sbamg3", (1280, 720), "?technique=sbamg&slider=rook&square=d1&occupied=0x0000000000000043&step=2"),
    ] {
        let browser = Browser::start_at("/", size).await;
        browser.open(query).await;
        browser.wait_for_still().await;
        let text = browser.eval("return document.querySelector('[data-narration]').innerText;").await;
        println!("{name}: {text}");
        let png = browser.client.screenshot().await.unwrap();
        std::fs::write(format!("/tmp/shot-{name}.png"), png).unwrap();
        browser.close().await;
    }
}
