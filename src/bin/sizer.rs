//! `sizer`: evaluates a scenario (a query string or a whole share URL) against a catalogue and
//! prints the report as JSON (docs/interface.md), or the comparison of every option as CSV.
//!
//! ```text
//! sizer 'model=llama-3.1-8b&quant=q4_k_m&ctx=8192'
//! sizer --catalog my-offers.json 'https://example.com/?model=qwen2.5-72b'
//! sizer --csv 'model=llama-3.3-70b&quant=fp8&lang=es' > comparison.csv
//! sizer --config config.json 'quant=fp8&ctx=32768'
//! sizer --gguf model-Q4_K_M.gguf 'engine=llamacpp'
//! ```
//! Exit status: 0 with `warnings` for clamped or unknown input, and for `--help`; 2 when it
//! cannot run at all (bad arguments, unreadable or invalid catalogue, config or GGUF file).

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    match cli::run(std::env::args().skip(1).collect()) {
        Ok(text) => print!("{text}"),
        Err(message) => {
            eprintln!("sizer: {message}");
            std::process::exit(2);
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use inference_sizer::catalog::Catalog;
    use inference_sizer::model::gguf::read_header;
    use inference_sizer::model::import::from_config_json;
    use inference_sizer::model::ModelArch;
    use inference_sizer::report::{csv, evaluate, import_into};
    use inference_sizer::scenario::Scenario;
    use std::io::Read;

    const USAGE: &str = "usage: sizer [--catalog FILE] [--today YYYY-MM-DD] [--compact | --csv] \
         [--config FILE [--safetensors FILE] | --gguf FILE] 'QUERY STRING or SHARE URL'";

    /// How much of a GGUF file is read, as the page does: the header and tensor table sit at the
    /// start (16 MiB holds them for every model with a vocabulary up to a few hundred thousand).
    const GGUF_HEAD_BYTES: u64 = 16 * 1024 * 1024;

    const HELP: &str = "\
Sizes the hardware for an AI model and costs it, cloud against bare metal, and prints the
report as JSON.

usage: sizer [--catalog FILE] [--today YYYY-MM-DD] [--compact | --csv]
             [--config FILE [--safetensors FILE] | --gguf FILE]
             'QUERY STRING or SHARE URL'

  --catalog FILE   offers from FILE (catalogue schema 1) instead of the built-in ones
  --config FILE    the model from a Hugging Face config.json (as the page's import: its own
                   name, context limit and architecture; the query gives the rest)
  --safetensors FILE
                   with --config: the checkpoint's exact size from its
                   model.safetensors.index.json or a .safetensors file's header, used for the
                   weights in the checkpoint's own format and to check the count
  --gguf FILE      the model from a GGUF file's header (its first 16 MiB are read, as the page
                   does; the weights' format is chosen with quant=, e.g. quant=q4_k_m)
  --today DATE     count the ages of the prices (report.freshness) to DATE instead of the
                   catalogue's own date
  --compact        one line of JSON instead of indented
  --csv            the comparison of every option as CSV instead of the report (the page's
                   \"Export comparison\" with no filter; why_not in the scenario's language)
  -h, --help       this text

examples:
  sizer 'model=llama-3.1-8b&quant=q4_k_m&ctx=8192'
  sizer --catalog my-offers.json 'https://example.org/sizer/?model=qwen2.5-72b'
  sizer --csv 'model=llama-3.3-70b&quant=fp8&lang=es' > comparison.csv
  sizer --config Mistral-Nemo/config.json 'quant=fp8&ctx=32768'
  sizer --gguf Phi-3-mini-4k-instruct-q4.gguf 'quant=q4_k_m&engine=llamacpp'

The import's warnings come first in the report's warnings, in the scenario's language.
Exit status: 0 (with warnings for clamped or unknown input), 2 when it cannot run.";

    /// A model to import before evaluating.
    enum ModelFile {
        Config(String),
        Gguf(String),
    }

    /// The architecture in `file` and its warnings in `lang`.
    fn read_model(
        file: &ModelFile,
        lang: inference_sizer::lang::Lang,
    ) -> Result<(ModelArch, Vec<String>), String> {
        match file {
            ModelFile::Config(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read config {path}: {e}"))?;
                let imported = from_config_json(&text)
                    .map_err(|e| format!("config {path} was refused: {}", e.message(lang)))?;
                let warnings = imported.warnings.iter().map(|w| w.sentence(lang)).collect();
                Ok((imported.arch, warnings))
            }
            ModelFile::Gguf(path) => {
                let f = std::fs::File::open(path)
                    .map_err(|e| format!("cannot read GGUF {path}: {e}"))?;
                let mut head = Vec::new();
                f.take(GGUF_HEAD_BYTES)
                    .read_to_end(&mut head)
                    .map_err(|e| format!("cannot read GGUF {path}: {e}"))?;
                let info = read_header(&head)
                    .map_err(|e| format!("GGUF {path} was refused: {}", e.message(lang)))?;
                let warnings = info.warnings.iter().map(|w| w.sentence(lang)).collect();
                Ok((info.arch, warnings))
            }
        }
    }

    /// A checkpoint's size: a `.json` index, else a `.safetensors` file's header (its first 8
    /// bytes give the header's length; at most 100 MiB of header are read).
    fn read_checkpoint(
        path: &str,
    ) -> Result<
        inference_sizer::model::checkpoint::Checkpoint,
        inference_sizer::model::import::ImportError,
    > {
        use inference_sizer::model::checkpoint::{from_index_json, from_safetensors_header};
        use inference_sizer::model::import::ImportError;
        let mut f = std::fs::File::open(path).map_err(|_| ImportError::NotCheckpoint)?;
        let mut first = [0u8; 8];
        let n = f.read(&mut first).map_err(|_| ImportError::NotCheckpoint)?;
        let mut head = first[..n].to_vec();
        // An index is JSON; a .safetensors file's first 8 bytes give its header's length.
        let rest = if head.first() == Some(&b'{') {
            100 * 1024 * 1024
        } else {
            u64::from_le_bytes(first).min(100 * 1024 * 1024)
        };
        f.take(rest)
            .read_to_end(&mut head)
            .map_err(|_| ImportError::NotCheckpoint)?;
        if head.first() == Some(&b'{') {
            from_index_json(&String::from_utf8_lossy(&head))
        } else {
            from_safetensors_header(&head)
        }
    }

    /// `Ok`: text for stdout, exit 0 (the report, the CSV, or the help asked for), ending with
    /// a line end; `Err`: a message for stderr, exit 2.
    pub fn run(args: Vec<String>) -> Result<String, String> {
        let mut catalog_file: Option<String> = None;
        let mut query: Option<String> = None;
        let mut compact = false;
        let mut as_csv = false;
        let mut today: Option<String> = None;
        let mut model_file: Option<ModelFile> = None;
        let mut checkpoint_file: Option<String> = None;
        let mut it = args.into_iter();
        while let Some(a) = it.next() {
            match a.as_str() {
                "--catalog" => catalog_file = Some(it.next().ok_or("--catalog needs a file")?),
                "--today" => today = Some(it.next().ok_or("--today needs a date")?),
                "--config" | "--gguf" if model_file.is_some() => {
                    return Err(format!("one model file at a time\n{USAGE}"))
                }
                "--config" => {
                    model_file = Some(ModelFile::Config(it.next().ok_or("--config needs a file")?))
                }
                "--gguf" => {
                    model_file = Some(ModelFile::Gguf(it.next().ok_or("--gguf needs a file")?))
                }
                "--safetensors" => {
                    checkpoint_file = Some(it.next().ok_or("--safetensors needs a file")?)
                }
                "--compact" => compact = true,
                "--csv" => as_csv = true,
                "-h" | "--help" => return Ok(format!("{HELP}\n")),
                s if s.starts_with("--catalog=") => {
                    catalog_file = Some(s["--catalog=".len()..].to_string())
                }
                // A query string or URL never starts with a dash.
                s if s.starts_with('-') && s.len() > 1 => {
                    return Err(format!("unknown option {s}\n{USAGE}"))
                }
                _ if query.is_some() => return Err(format!("one scenario at a time\n{USAGE}")),
                _ => query = Some(a),
            }
        }
        let builtin = Catalog::builtin();
        let catalog = match catalog_file {
            None => builtin,
            Some(path) => {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read catalogue {path}: {e}"))?;
                Catalog::load_over(&builtin, &text)
                    .map_err(|e| format!("catalogue {path} was refused: {e}"))?
            }
        };
        let (mut scenario, url_warnings) = Scenario::from_query(query.as_deref().unwrap_or(""));
        let lang = scenario.lang.unwrap_or_default();
        let mut warnings = Vec::new();
        if checkpoint_file.is_some() && !matches!(model_file, Some(ModelFile::Config(_))) {
            return Err(format!("--safetensors goes with --config\n{USAGE}"));
        }
        if let Some(file) = &model_file {
            let (mut arch, mut import_warnings) = read_model(file, lang)?;
            if let Some(path) = &checkpoint_file {
                let c = read_checkpoint(path)
                    .map_err(|e| format!("{path} was refused: {}", e.message(lang)))?;
                let found = inference_sizer::model::checkpoint::apply(&mut arch, &c);
                import_warnings.extend(found.iter().map(|w| w.sentence(lang)));
            }
            import_into(&mut scenario, &arch, &catalog);
            warnings.extend(import_warnings);
        }
        // As `evaluate_query`: the link's warnings, then the evaluation's.
        warnings.extend(url_warnings.iter().map(|w| w.message(lang)));
        let mut report = evaluate(&scenario, &catalog);
        warnings.append(&mut report.warnings);
        report.warnings = warnings;
        if let Some(day) = today {
            if !(day.len() == 10 && inference_sizer::catalog::is_date(&day)) {
                return Err(format!("--today {day} is not a date (YYYY-MM-DD)\n{USAGE}"));
            }
            report = report.counted_to(&day);
        }
        if as_csv {
            return Ok(csv::export(&report, &report.options));
        }
        let json = if compact {
            serde_json::to_string(&report)
        } else {
            serde_json::to_string_pretty(&report)
        };
        json.map(|j| j + "\n")
            .map_err(|e| format!("cannot write the report: {e}"))
    }
}
