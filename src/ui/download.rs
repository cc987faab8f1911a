//! Saving a file from the page: a Blob, an object URL and a temporary `<a download>`.

use wasm_bindgen::JsCast;

/// Offers `contents` as a file called `filename`. Returns false when the browser refused.
pub fn download(filename: &str, mime: &str, contents: &str) -> bool {
    (|| -> Option<()> {
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(contents));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
        let document = web_sys::window()?.document()?;
        let a = document
            .create_element("a")
            .ok()?
            .dyn_into::<web_sys::HtmlAnchorElement>()
            .ok()?;
        a.set_href(&url);
        a.set_download(filename);
        a.set_class_name("visually-hidden");
        let body = document.body()?;
        body.append_child(&a).ok()?;
        a.click();
        let _ = body.remove_child(&a);
        let _ = web_sys::Url::revoke_object_url(&url);
        Some(())
    })()
    .is_some()
}
