//! Serving engine and task (inference or a fine-tuning mode).

use super::app::{ctx, handler};
use super::i18n::T;
use crate::model::{Engine, Task};
use leptos::prelude::*;

fn engine_name(e: Engine) -> &'static str {
    match e {
        Engine::Vllm => "vLLM",
        Engine::Sglang => "SGLang",
        Engine::Trtllm => "TensorRT-LLM",
        Engine::Llamacpp => "llama.cpp",
        Engine::Ollama => "Ollama",
        Engine::Transformers => "Transformers",
    }
}

fn task_name(t: Task) -> T {
    match t {
        Task::Infer => T::TaskInfer,
        Task::Lora => T::TaskLora,
        Task::Qlora => T::TaskQlora,
        Task::Full => T::TaskFull,
    }
}

/// Engine and task selects.
#[component]
pub fn EngineSelect() -> impl IntoView {
    let c = ctx();
    let engine = Memo::new(move |_| c.sc.scenario.with(|s| s.engine));
    let task = Memo::new(move |_| c.sc.scenario.with(|s| s.task));
    view! {
        <fieldset class="panel two-col">
            <legend>{c.text(T::Engine)}</legend>
            <div class="field">
                <label for="engine">{c.text(T::Engine)}</label>
                <select
                    id="engine"
                    prop:value=move || engine.get().id()
                    on:change=handler(move |ev| {
                        if let Some(e) = Engine::parse(&event_target_value(&ev)) {
                            c.sc.edit(|s| s.engine = e);
                        }
                    })
                >
                    {Engine::ALL
                        .iter()
                        .map(|e| {
                            let e = *e;
                            view! {
                                <option value=e.id() selected=move || engine.get() == e>
                                    {engine_name(e)}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </div>
            <div class="field">
                <label for="task">{c.text(T::Task)}</label>
                <select
                    id="task"
                    prop:value=move || task.get().id()
                    on:change=handler(move |ev| {
                        if let Some(t) = Task::parse(&event_target_value(&ev)) {
                            c.sc.edit(|s| s.task = t);
                        }
                    })
                >
                    {Task::ALL
                        .iter()
                        .map(|t| {
                            let t = *t;
                            view! {
                                <option value=t.id() selected=move || task.get() == t>
                                    {c.text(task_name(t))}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </div>
        </fieldset>
    }
}
