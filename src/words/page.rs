//! The page's own words in English and Spanish: labels, headings and short phrases of the
//! interface, read by the page (`ui/`) and by its pre-render (`bin/prerender.rs`). Keys are an
//! enum, so a missing translation does not compile. Numbers, sizes and money are written by
//! [`crate::format`], as in the report's sentences.

use crate::lang::Lang;
use crate::words::cost::Deployment;

macro_rules! texts {
    ($($key:ident => $en:literal, $es:literal;)+) => {
        /// A piece of interface text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum T { $($key),+ }
        impl T {
            fn en(self) -> &'static str { match self { $(T::$key => $en),+ } }
            fn es(self) -> &'static str { match self { $(T::$key => $es),+ } }
        }
    };
}

/// The text of `key` in `lang`.
pub fn t(lang: Lang, key: T) -> &'static str {
    match lang {
        Lang::En => key.en(),
        Lang::Es => key.es(),
    }
}

texts! {
    Tagline => "What hardware does an AI model need, and is it cheaper in the cloud or on bare metal?",
        "¿Qué hardware necesita un modelo de IA, y sale más barato en la nube o en servidor dedicado?";
    Inputs => "Your model and workload", "Su modelo y su carga";
    Results => "The answer", "La respuesta";
    Model => "Model", "Modelo";
    SearchModels => "Search models", "Buscar modelos";
    CustomModel => "Custom model", "Modelo propio";
    ParamsBillions => "Parameters (billions)", "Parámetros (miles de millones)";
    ParamsHint => "Only a parameter count: memory from size alone.", "Solo el número de parámetros: memoria según el tamaño.";
    ImportConfig => "Paste or upload a config.json (then, for the exact size, its model.safetensors.index.json)", "Pegue o suba un config.json (y, para el tamaño exacto, su model.safetensors.index.json)";
    UploadConfig => "Upload config.json", "Subir config.json";
    ApplyConfig => "Use this config", "Usar esta configuración";
    ConfigPlaceholder => "{\"hidden_size\": 4096, ...}", "{\"hidden_size\": 4096, ...}";
    OpenGguf => "Open a local GGUF file (read in your browser, never uploaded)", "Abrir un fichero GGUF local (se lee en su navegador, no se sube)";
    Imported => "Imported", "Importado";
    ImportFailed => "Could not read this file", "No se pudo leer este fichero";
    Reading => "Reading…", "Leyendo…";
    Quantisation => "Weight format", "Formato de los pesos";
    KvCache => "KV-cache type", "Tipo de caché KV";
    Context => "Context per request (tokens)", "Contexto por petición (tokens)";
    Concurrency => "Concurrent requests", "Peticiones simultáneas";
    Engine => "Serving engine", "Motor de inferencia";
    Task => "Task", "Tarea";
    Workload => "Workload", "Carga de trabajo";
    Load => "Your load", "La carga";
    RequestShape => "Requests, targets and the day", "Peticiones, objetivos y el día";
    WhereItRuns => "Where it may run", "Dónde puede ejecutarse";
    MarketVerdict => "The whole market's verdict", "El veredicto de todo el mercado";
    SkipToVerdict => "Skip to the verdict", "Ir al veredicto";
    SkipToInputs => "Skip to the inputs", "Ir a los datos de entrada";
    YourScenario => "Your scenario", "El escenario";
    ChangeScenario => "Change it", "Cambiarlo";
    RequestsPerDay => "Requests per day (0: size for concurrency only)", "Peticiones al día (0: dimensionar solo por concurrencia)";
    TokensIn => "Prompt tokens per request", "Tokens de entrada por petición";
    TokensOut => "Output tokens per request", "Tokens de salida por petición";
    MinSpeed => "Minimum speed per user (tokens/s)", "Velocidad mínima por usuario (tokens/s)";
    MaxTtft => "Maximum time to first token (ms)", "Tiempo máximo hasta el primer token (ms)";
    HoursPerDay => "Hours per day in service", "Horas al día en servicio";
    TrainTokens => "Training tokens per epoch", "Tokens de entrenamiento por época";
    Epochs => "Epochs (passes over the data)", "Épocas (pasadas sobre los datos)";
    TypicalLoads => "Start from a typical load:", "Partir de una carga típica:";
    Users => "People using it (0: give requests per day)", "Personas que lo usan (0: indicar peticiones al día)";
    UseCase => "What they do", "Qué hacen";
    ActiveShare => "Share active at the busiest hour (0-1)", "Parte activa en la hora punta (0-1)";
    RequestsPerMinute => "Requests per active person a minute", "Peticiones por persona activa al minuto";
    SpareCopy => "Keep a spare copy (N+1)", "Mantener una copia de reserva (N+1)";
    BusyFrom => "Busy from (hour of the day)", "Hora punta desde (hora del día)";
    BusyTo => "Busy until (hour of the day)", "Hora punta hasta (hora del día)";
    OffPeak => "Outside those hours (share of the busy rate)", "Fuera de esas horas (parte del ritmo de la hora punta)";
    ScaleToZero => "Scale to zero outside them", "Escalar a cero fuera de ellas";
    Constraints => "Constraints", "Restricciones";
    EuOnly => "EU jurisdiction only", "Solo jurisdicción UE";
    AllowSpot => "Allow interruptions (spot, preemptible capacity)", "Permitir interrupciones (capacidad spot, interrumpible)";
    AllowCommunity => "Allow community and marketplace hosts for a 24/7 service (no datacentre SLA)", "Permitir máquinas comunitarias y de mercado para un servicio 24/7 (sin SLA de centro de datos)";
    IncludeOwn => "Include buying the hardware (bought and colocated)", "Incluir la compra del hardware (comprado y colocado)";
    MaxTerm => "Longest commitment accepted, months (0: none)", "Compromiso más largo aceptado, meses (0: ninguno)";
    AnyTerm => "any", "cualquiera";
    DefaultTtft => "2000 (an encoder: 200)", "2000 (un codificador: 200)";
    OwnHardware => "Owned hardware", "Hardware propio";
    AmortMonths => "Depreciation period (months)", "Periodo de amortización (meses)";
    Residual => "Residual value at its end (fraction of new)", "Valor residual al final (fracción del nuevo)";
    ColoKw => "Colocation per kW a month", "Colocación por kW al mes";
    OwnKwh => "Energy price per kWh (billed apart by the site)", "Precio de la energía por kWh (facturada aparte por el centro)";
    Ops => "Operations per server a month (remote hands, staff)", "Operación por servidor al mes (manos remotas, personal)";
    Setup => "Setup and shipping per server", "Instalación y envío por servidor";
    Finance => "Loan interest a year (%; empty: paid in cash)", "Interés del préstamo al año (%; vacío: al contado)";
    OverheadW => "Draw beyond the GPUs (W per server)", "Consumo además de las GPU (W por servidor)";
    PerServer => "each server's own", "el de cada servidor";
    SingleTenant => "Single-tenant hardware (regulated data)", "Hardware exclusivo (datos regulados)";
    AllowedGpus => "Allowed GPUs (none ticked: all)", "GPU permitidas (ninguna marcada: todas)";
    AllowedKinds => "Allowed offer kinds (none ticked: all)", "Tipos de oferta permitidos (ninguno marcado: todos)";
    Assumptions => "Assumptions", "Supuestos";
    AssumptionsHint => "Every cost default, visible and editable. Empty means the default shown.",
        "Todos los valores por defecto de coste, visibles y editables. Vacío significa el valor por defecto indicado.";
    EgressGb => "Egress per month (GB)", "Tráfico de salida al mes (GB)";
    StorageGb => "Storage (GB)", "Almacenamiento (GB)";
    Monitoring => "Monitoring per month", "Monitorización al mes";
    PeakFactor => "Peak-to-average load factor", "Factor pico/medio de carga";
    BwEff => "Decode efficiency (share of memory bandwidth)", "Eficiencia de decodificación (fracción del ancho de banda)";
    FlopsEff => "Prefill efficiency (share of peak compute)", "Eficiencia de prefill (fracción del cómputo pico)";
    VmTax => "Virtual machine penalty (fraction)", "Penalización de máquina virtual (fracción)";
    KwhPrice => "Energy price per kWh (own hardware)", "Precio de la energía por kWh (hardware propio)";
    Pue => "PUE of the data centre", "PUE del centro de datos";
    Horizon => "Horizon (months)", "Horizonte (meses)";
    Currency => "Currency", "Moneda";
    Language => "Language", "Idioma";
    Derived => "derived", "calculado";
    Reset => "Reset", "Restablecer";
    CopyLink => "Copy link", "Copiar enlace";
    Copied => "Link copied", "Enlace copiado";
    CopyFallback => "The clipboard is blocked here: copy this link by hand.", "El portapapeles está bloqueado aquí: copie este enlace a mano.";
    ShareLink => "Link to this scenario", "Enlace a este escenario";
    ExportCsv => "Export comparison (CSV)", "Exportar comparación (CSV)";
    ExportJson => "Download scenario (JSON)", "Descargar escenario (JSON)";
    ImportJson => "Open scenario (JSON)", "Abrir escenario (JSON)";
    Print => "Print", "Imprimir";
    Warnings => "Notes on this link", "Avisos sobre este enlace";
    Verdict => "Verdict", "Veredicto";
    NoVerdict => "No offer fits these constraints. Loosen them or pick a smaller format.",
        "Ninguna oferta cumple estas restricciones. Relájelas o elija un formato más pequeño.";
    PerMonth => "per month", "al mes";
    ForTheJob => "for the job", "por el trabajo";
    RunnerUps => "Next best", "Siguientes opciones";
    Hardware => "Hardware", "Hardware";
    Deployment => "Deployment", "Despliegue";
    DeployBareMetal => "Bare metal", "Servidor dedicado";
    DeployCloud => "Cloud", "Nube";
    DeployCpu => "CPU only", "Solo CPU";
    Servers => "servers", "servidores";
    Memory => "Memory", "Memoria";
    MemoryNeeded => "Memory needed", "Memoria necesaria";
    Capacity => "GPU memory available", "Memoria de GPU disponible";
    Term => "Term", "Concepto";
    Estimate => "Estimate", "Estimación";
    Range => "Range", "Rango";
    Basis => "Basis", "Fundamento";
    TermWeights => "Weights", "Pesos";
    TermKv => "KV cache", "Caché KV";
    TermActivations => "Activations", "Activaciones";
    TermOverhead => "Engine overhead", "Sobrecarga del motor";
    TermReserve => "Reserve", "Reserva";
    TermOther => "Other", "Otros";
    TermTowers => "Vision/audio towers", "Torres de visión/audio";
    Exact => "exact", "exacto";
    Empirical => "measured", "medido";
    Heuristic => "rule of thumb", "regla práctica";
    Speed => "Speed", "Velocidad";
    PerUser => "Per user", "Por usuario";
    Aggregate => "Aggregate", "Agregada";
    Ttft => "Time to first token", "Tiempo hasta el primer token";
    SpeedCheck => "Check it: the engine's own benchmark for this scenario (compare output tokens/s, median TPOT and TTFT)", "Compruébelo: la prueba del propio motor para este escenario (compare tokens/s de salida, TPOT y TTFT medianos)";
    EncoderRequests => "Requests per second (one copy)", "Peticiones por segundo (una copia)";
    EncoderPrompt => "Tokens read per second", "Tokens leídos por segundo";
    EncoderLatency => "Time to answer a request", "Tiempo de respuesta por petición";
    On => "on", "en";
    Comparison => "Comparison", "Comparativa";
    FilterKind => "Kind", "Tipo";
    FilterProvider => "Provider", "Proveedor";
    FilterJurisdiction => "Jurisdiction", "Jurisdicción";
    All => "All", "Todos";
    OnlyFitting => "Only options that meet every requirement", "Solo opciones que cumplen todos los requisitos";
    Offer => "Offer", "Oferta";
    Gpus => "GPUs", "GPU";
    Fits => "Usable", "Válida";
    Yes => "yes", "sí";
    No => "no", "no";
    Monthly => "Monthly", "Mensual";
    PerGpuHour => "Per GPU-hour", "Por GPU-hora";
    PerInstanceHour => "Per instance-hour", "Por instancia-hora";
    PerMillionTokens => "Per million tokens", "Por millón de tokens";
    AtFullLoad => " (at full load)", " (a plena carga)";
    BreakEven => "Break-even (weeks)", "Amortización (semanas)";
    Source => "Source", "Fuente";
    AsOf => "As of", "Fecha";
    Approximate => "converted, approximate", "convertido, aproximado";
    HostedApis => "Hosted APIs for", "APIs alojadas para";
    ApiNearest => "no hosted API sells your model; the nearest of its size", "ninguna API alojada vende su modelo; el más cercano de su tamaño";
    ApiPrices => "Input / output per million tokens", "Entrada / salida por millón de tokens";
    ApiAtLoad => "Monthly cost at", "Coste mensual con";
    ApiRequestsADay => "requests a day", "peticiones al día";
    ApiFullLoad => "requests a day, what the recommendation serves at full use (no request rate given)", "peticiones al día, lo que la recomendación atiende a pleno uso (sin tasa de peticiones)";
    ApiNoLoad => "Prices per million tokens (give a request rate to see a monthly cost)", "Precios por millón de tokens (indique una tasa de peticiones para ver un coste mensual)";
    ApproximatePrice => "Approximate price", "Precio aproximado";
    SortBy => "Sort by", "Ordenar por";
    Showing => "Showing", "Mostrando";
    Of => "of", "de";
    Charts => "Charts", "Gráficos";
    ChartCumulative => "Cumulative cost over the horizon", "Coste acumulado en el horizonte";
    ChartUtilisation => "Cost per million tokens against utilisation", "Coste por millón de tokens según la utilización";
    ChartMemory => "Memory against context length", "Memoria según la longitud de contexto";
    ChartData => "Data of this chart", "Datos de este gráfico";
    CatalogLoading => "Loading the price catalogue…", "Cargando el catálogo de precios…";
    CatalogFailed => "The price catalogue could not be loaded; showing the built-in prices.",
        "No se pudo cargar el catálogo de precios; se muestran los precios incorporados.";
    CatalogLoaded => "Prices from", "Precios de";
    CatalogNotAllowed => "This catalogue address is not allowed here (only this site's own).",
        "Esta dirección de catálogo no está permitida aquí (solo la de este sitio).";
    CatalogTimedOut => "The price catalogue did not arrive within 10 seconds; showing the built-in prices.",
        "El catálogo de precios no llegó en 10 segundos; se muestran los precios incorporados.";
    PricesAsOf => "Prices as of", "Precios a fecha de";
    ErrorTitle => "Something went wrong", "Algo ha fallado";
    ErrorBody => "The calculator hit an internal error. Your scenario is kept in the address; reload to continue.",
        "La calculadora ha tenido un error interno. Su escenario se conserva en la dirección; recargue para continuar.";
    Reload => "Reload", "Recargar";
    OpenFull => "Open full calculator", "Abrir la calculadora completa";
    Privacy => "Everything is computed in your browser; nothing you enter is sent anywhere.",
        "Todo se calcula en su navegador; nada de lo que introduce se envía a ningún sitio.";
    TaskInfer => "Inference", "Inferencia";
    TaskLora => "LoRA fine-tuning", "Ajuste fino LoRA";
    TaskQlora => "QLoRA fine-tuning", "Ajuste fino QLoRA";
    TaskFull => "Full fine-tuning", "Ajuste fino completo";
    ParamsLabel => "parameters", "parámetros";
    ActiveLabel => "active", "activos";
    Why => "Why", "Por qué";
    Default => "Default", "Por defecto";
    ShowAll => "Show all", "Mostrar todas";
    ChartEmpty => "Nothing to chart for this scenario", "Nada que representar en este escenario";
    FromModel => "from the model", "según el modelo";
}

/// A jurisdiction code (`EU`, `US`, `other`) as a table shows it; an unknown code as given.
pub fn jurisdiction_short(lang: Lang, code: &str) -> String {
    let (en, es) = match code {
        "EU" => ("EU", "UE"),
        "US" => ("US", "EE. UU."),
        "other" => ("Other", "Otra"),
        other => return other.to_string(),
    };
    match lang {
        Lang::En => en.to_string(),
        Lang::Es => es.to_string(),
    }
}

/// The name of a deployment.
pub fn deployment_name(lang: Lang, deployment: Deployment) -> &'static str {
    t(
        lang,
        match deployment {
            Deployment::BareMetal => T::DeployBareMetal,
            Deployment::Cloud => T::DeployCloud,
            Deployment::Cpu => T::DeployCpu,
        },
    )
}
