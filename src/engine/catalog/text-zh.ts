/**
 * The catalogue's words in Chinese, held as data beside the English the catalogue prints: each source
 * note (keyed by the English text exactly as docs/data/gpu-catalog.md prints it, so a changed note has
 * no translation and the catalogue test names it), each MFU default's citation, and the names Chinese
 * buyers use for a model. Publishers, product names, units and quoted titles of English-language
 * sources stay as written; dates read "2023 年 10 月".
 */
export const CATALOG_SOURCE_ZH: Readonly<Record<string, string>> = {
  'NVIDIA H100 datasheet, as reproduced in spec tables (pricegpu.pages.dev, ozmarx.com)':
    'NVIDIA H100 数据手册，转引自规格表（pricegpu.pages.dev、ozmarx.com）',
  'NVIDIA H100 datasheet; same figure in several spec tables': 'NVIDIA H100 数据手册；多份规格表数值相同',
  'NVIDIA DGX H100/H200 user guide: 6 × 3.3 kW PSUs (4+2), 10.2 kW max input':
    'NVIDIA DGX H100/H200 用户指南：6 × 3.3 kW 电源（4+2 冗余），最大输入 10.2 kW',
  'Latif et al., IEEE Access 13 (2025), 8×H100 HGX measured max 8.4 kW (−18 % vs rating); Newkirk et al., arXiv 2506.14551, compute-heavy training ≈76 % of 10.2 kW':
    'Latif 等，IEEE Access 第 13 卷（2025）：8×H100 HGX 实测最大 8.4 kW（比额定值低 18%）；Newkirk 等，arXiv 2506.14551：计算密集型训练约为 10.2 kW 的 76%',
  'no measurement found; assumption from docs/data-sources.md (29 % of max)':
    '未找到实测值；按默认假设取最大功率的 29%',
  'Huxiu (虎嗅) dealer quote, English reprint': '虎嗅：经销商报价（英文转载）',
  '"BOM 数据中心" price-research module on GitHub (compilation citing CNBC/Reuters), updated Jul 2026':
    'GitHub 上的“BOM 数据中心”价格研究模块（汇编自 CNBC、路透社），2026 年 7 月更新',
  'Thinkmate quote (web archive), cited in a public H100 cluster cost sheet':
    'Thinkmate 报价（网页存档），见一份公开的 H100 集群成本表',
  'SemiAnalysis server cost BOM, used by Epoch AI (training-cost-trends notebook); non-GPU part ≈$32k':
    'SemiAnalysis 服务器成本物料清单，Epoch AI 训练成本趋势笔记本采用；GPU 以外部分约 3.2 万美元',
  'MIT Technology Review (Mar 2025)': '《MIT Technology Review》（2025 年 3 月）',
  'lambda.ai/instances via api-evangelist (20 Sep 2026); live API capture in the iplane project (18 Aug 2026)':
    'lambda.ai/instances，经 api-evangelist 转录（2026 年 9 月 20 日）；iplane 项目的实时 API 抓取（2026 年 8 月 18 日）',
  'AWS price API via datareceipts "109 gpu pricing"; compux.net ($6.88)':
    'AWS 价格 API，经 datareceipts“109 gpu pricing”；compux.net（6.88 美元）',
  'Azure price API via datareceipts': 'Azure 价格 API，经 datareceipts',
  'cnBeta (2024); MIT Technology Review (Mar 2025)':
    'cnBeta（2024 年）；《MIT Technology Review》（2025 年 3 月）',
  'Vast API via silybench-data (19 Oct 2026); lanternworks dataset (29 Oct 2026)':
    'Vast API，经 silybench-data（2026 年 10 月 19 日）；lanternworks 数据集（2026 年 10 月 29 日）',
  'runpod.io/pricing via datareceipts and 600me dataset (19 Oct 2026)':
    'runpod.io/pricing，经 datareceipts 与 600me 数据集（2026 年 10 月 19 日）',
  'Caixin (Oct 2023); 2022 news report on the A100/H100 export order (ansoncheunghk.info reprint); Huxiu (Jul 2024)':
    '财新（2023 年 10 月）；2022 年关于 A100/H100 出口禁令的新闻报道（ansoncheunghk.info 转载）；虎嗅（2024 年 7 月）',
  'aiwiki.ai "NVIDIA H800"; philisun.com H800 vs H100 comparison':
    'aiwiki.ai“NVIDIA H800”词条；philisun.com H800 与 H100 对比',
  'aiwiki.ai "NVIDIA H800"; philisun.com': 'aiwiki.ai“NVIDIA H800”词条；philisun.com',
  'derived: same HGX H100 platform and 700 W GPUs as DGX H100':
    '推算：与 DGX H100 相同的 HGX H100 平台和 700 W GPU',
  'taken from H100 (same platform)': '取自 H100（同平台）',
  'Reuters, H20 pre-order report ("H800 servers sold at around 2 million yuan when launched a year ago")':
    '路透社：H20 预售报道（“H800 服务器一年前上市时售价约 200 万元”）',
  'Caixin (财新), via caihuicloud.com': '财新，经 caihuicloud.com 转载',
  '智东西, "AI服务器缺货真相调查:两天涨价30万" (20 Oct 2023)':
    '智东西：《AI服务器缺货真相调查：两天涨价30万》（2023 年 10 月 20 日）',
  'aiwiki.ai "NVIDIA H800"; Caixin': 'aiwiki.ai“NVIDIA H800”词条；财新',
  'Tom\'s Hardware, "H20, L20 and L2 … come to China" (Vipera listing); 经济观察报; 141 GB variant: Chinese media via a repost':
    'Tom’s Hardware，“H20, L20 and L2 … come to China”（Vipera 挂牌信息）；经济观察报；141 GB 版本：中文媒体转载',
  "Tom's Hardware; 经济观察报 (Jul 2025); gfan.com": 'Tom’s Hardware；经济观察报（2025 年 7 月）；gfan.com',
  'derived: 8 × 400 W + non-GPU allowance 3.3–4.6 kW (DGX A100 6.5 − 3.2 kW; DGX H100 10.2 − 5.6 kW)':
    '推算：8 × 400 W，加 GPU 以外功耗 3.3–4.6 kW（DGX A100：6.5 − 3.2 kW；DGX H100：10.2 − 5.6 kW）',
  'derived: 76 % / 29 % of max (H100 ratios)': '推算：最大功率的 76% / 29%（H100 的比例）',
  'Huxiu (虎嗅) dealer quote': '虎嗅：经销商报价',
  'Reuters, H20 pre-order report': '路透社：H20 预售报道',
  'Chinese media, reposted (Ronghe Semiconductor comments)': '中文媒体转载（融和半导体的评论）',
  'derived: 8 × 7.5 CNY/GPU-h': '推算：8 × 7.5 元/卡时',
  'HF dataset brian8808/gpu-price-index (snapshot date not shown)':
    'Hugging Face 数据集 brian8808/gpu-price-index（未注明快照日期）',
  'Reuters (Feb 2024, Mar 2025 H3C shortage notice); The Information via GMTEight and TweakTown (22 Aug 2025)':
    '路透社（2024 年 2 月；2025 年 3 月新华三缺货通知）；The Information，经 GMTEight 与 TweakTown 转载（2025 年 8 月 22 日）',
  'aiwiki.ai "NVIDIA H200"; lzwjava H200 spec note': 'aiwiki.ai“NVIDIA H200”词条；lzwjava 的 H200 规格笔记',
  'same; alpha-one-index spec list': '同上；alpha-one-index 规格列表',
  'NVIDIA DGX H100/H200 user guide': 'NVIDIA DGX H100/H200 用户指南',
  'Chinese media repost (Dec 2025); php.cn news (10 Jan 2026)':
    '中文媒体转载（2025 年 12 月）；php.cn 新闻（2026 年 1 月 10 日）',
  '"BOM 数据中心" module on GitHub': 'GitHub 上的“BOM 数据中心”模块',
  'derived: 8 × $30–40k per card (alpha-one-index ≈$35k MSRP; GitHub BOM compilation) + ≈$32k non-GPU (SemiAnalysis DGX BOM)':
    '推算：8 × 每卡 3–4 万美元（alpha-one-index 建议零售价约 3.5 万美元；GitHub 物料清单汇编），加 GPU 以外部分约 3.2 万美元（SemiAnalysis DGX 物料清单）',
  'coreweave.com/pricing via api-evangelist': 'coreweave.com/pricing，经 api-evangelist 转录',
  'Qubrid AI pricing page, via api-evangelist transcription': 'Qubrid AI 价格页，经 api-evangelist 转录',
  'dstack PR #4110 offer listing': 'dstack PR #4110 中的报价列表',
  'hyperstack.cloud rate card via api-evangelist': 'hyperstack.cloud 价目表，经 api-evangelist 转录',
  'same; runpod.io via api-evangelist (7 Oct 2026)':
    '同上；runpod.io，经 api-evangelist 转录（2026 年 10 月 7 日）',
  'CNBC/Reuters via the GitHub BOM compilation; FT via etnet 經濟通 (20 Jan 2026); php.cn (Jan 2026)':
    'CNBC、路透社，经 GitHub 物料清单汇编；《金融时报》，经 etnet 經濟通（2026 年 1 月 20 日）；php.cn（2026 年 1 月）',
  'NVIDIA DGX B200 user guide (1,440 GB total); glennklockwood.com "B200"':
    'NVIDIA DGX B200 用户指南（合计 1,440 GB）；glennklockwood.com“B200”',
  'glennklockwood.com, citing the NVIDIA Blackwell technical brief (HGX B200)':
    'glennklockwood.com，引自 NVIDIA Blackwell 技术简报（HGX B200）',
  'DGX B200 datasheet figure quoted by madcoolstuff.com inference blueprint; PSUs: NVIDIA DGX B200 user guide':
    'madcoolstuff.com 推理方案引用的 DGX B200 数据手册数值；电源：NVIDIA DGX B200 用户指南',
  'madcoolstuff.com inference blueprint': 'madcoolstuff.com 推理方案',
  'derived: 29 % of max (defaults ratio)': '推算：最大功率的 29%（默认比例）',
  'Financial Times, "Nvidia AI chips worth $1bn smuggled into China" (24 Jul 2025), via reprints':
    '《金融时报》，“Nvidia AI chips worth $1bn smuggled into China”（2025 年 7 月 24 日），经转载',
  'silybench-data; api-evangelist transcriptions': 'silybench-data；api-evangelist 转录',
  'FT (Jul 2025)': '《金融时报》（2025 年 7 月）',
  'NVIDIA A100 datasheet table (jishuzhan.net reproduction; pricegpu)':
    'NVIDIA A100 数据手册表格（jishuzhan.net 转载；pricegpu）',
  same: '同上',
  'NVIDIA DGX A100 documentation (6 × 3 kW PSUs, half redundant), via pcnews.ru':
    'NVIDIA DGX A100 文档（6 × 3 kW 电源，一半冗余），经 pcnews.ru',
  'derived: 76–82 % / 29 % of max (H100 ratios)': '推算：最大功率的 76–82% / 29%（H100 的比例）',
  'NVIDIA GTC 2020 launch (videocardz; geektopia)': 'NVIDIA GTC 2020 发布（videocardz；geektopia）',
  'AWS price API via datareceipts': 'AWS 价格 API，经 datareceipts',
  'Caixin (Oct 2023, "按照2022年限芯令…无法向中国出口"); 2022 news report reprinted at ansoncheunghk.info; EOL: alpha-one-index spec list':
    '财新（2023 年 10 月，“按照2022年限芯令…无法向中国出口”）；2022 年新闻报道，ansoncheunghk.info 转载；停产信息：alpha-one-index 规格列表',
  'derived: A100 80GB with NVLink capped (TechPowerUp; Caixin)':
    '推算：A100 80GB，NVLink 带宽受限（TechPowerUp；财新）',
  'Caixin ("peak compute the same as A100"); TechPowerUp': '财新（“峰值算力与 A100 相同”）；TechPowerUp',
  'derived: same platform as DGX A100': '推算：与 DGX A100 同平台',
  '智东西 (20 Oct 2023): "比今年6月上涨超40%"': '智东西（2023 年 10 月 20 日）：“比今年6月上涨超40%”',
  'derived: 8 × 5.15': '推算：8 × 5.15',
  'HF dataset brian8808/gpu-price-index': 'Hugging Face 数据集 brian8808/gpu-price-index',
  'Caixin; news report citing Global Times/Reuters (Nov 2022); 经济观察报 (Jul 2025)':
    '财新；引述环球时报、路透社的新闻报道（2022 年 11 月）；经济观察报（2025 年 7 月）',
  'NVIDIA L40S datasheet, reproduced by a retailer (mullet.se)':
    'NVIDIA L40S 数据手册，经零售商 mullet.se 转载',
  'same datasheet': '同一数据手册',
  'ServeTheHome, L40S vs H100 review': 'ServeTheHome：L40S 与 H100 对比评测',
  'derived: 29 % of 5 kW': '推算：5 kW 的 29%',
  'derived: 8 × card price + up to $32k non-GPU (SemiAnalysis DGX BOM, an upper bound)':
    '推算：8 × 单卡价格，加 GPU 以外部分最多 3.2 万美元（SemiAnalysis DGX 物料清单，取上限）',
  'Modal blog, "How much does it cost to run NVIDIA L40S GPUs in 2025?"':
    'Modal 博客，“How much does it cost to run NVIDIA L40S GPUs in 2025?”',
  'The Register (Nov 2023); taoguba broker note': 'The Register（2023 年 11 月）；淘股吧券商点评',
  'waredb.com; TechGoing launch spec': 'waredb.com；TechGoing 发布规格',
  'waredb.com RTX 4090 page; viva_tensor RTX 4090 spec note (330)':
    'waredb.com RTX 4090 页面；viva_tensor RTX 4090 规格笔记（330）',
  'derived: 8 × 450 W + 1.5–2.2 kW non-GPU (the STH 8×L40S box: 4.3–5 kW total minus 2.8 kW GPUs)':
    '推算：8 × 450 W，加 GPU 以外 1.5–2.2 kW（ServeTheHome 的 8×L40S 整机：合计 4.3–5 kW，减去 GPU 的 2.8 kW）',
  'derived: 76 % / 29 % of 5.5 kW': '推算：5.5 kW 的 76% / 29%',
  'derived: 8 × 13–16k + 50–150k for a 2-socket GPU host (kufanyun server-cost article)':
    '推算：8 × 1.3–1.6 万，加双路 GPU 主机 5–15 万（kufanyun 服务器成本文章）',
  'cnBeta (late 2024)': 'cnBeta（2024 年末）',
  'HF dataset brian8808/gpu-price-index (2026); jishuzhan.net 共绩算力 article (2025)':
    'Hugging Face 数据集 brian8808/gpu-price-index（2026 年）；jishuzhan.net 共绩算力文章（2025 年）',
  'OpenRelay pricing page, via api-evangelist': 'OpenRelay 价格页，经 api-evangelist 转录',
  "The Register (27 Nov 2023); Wccftech/Tom's Hardware reports reprinted by teg6.com and teknomers.com (Nov 2023); OFweek (Oct 2023)":
    'The Register（2023 年 11 月 27 日）；Wccftech、Tom’s Hardware 报道，teg6.com 与 teknomers.com 转载（2023 年 11 月）；OFweek（2023 年 10 月）',
  'boardor.com 910B vs H20 comparison; vLLM-Ascend test report (zdldcl.com)':
    'boardor.com 910B 与 H20 对比；vLLM-Ascend 测试报告（zdldcl.com）',
  'boardor.com; vLLM-Ascend report (320); Inspur NF5688M6 8×910B = 2.56 PF (ruibaoantu); jishuzhan.net (256)':
    'boardor.com；vLLM-Ascend 报告（320）；浪潮 NF5688M6 8×910B = 2.56 PF（ruibaoantu）；jishuzhan.net（256）',
  'derived: 8 × 310–350 W + 2.0–3.3 kW host allowance (DGX A100 non-GPU share, 3.3 kW, as upper bound); no Huawei figure found':
    '推算：8 × 310–350 W，加主机功耗 2.0–3.3 kW（以 DGX A100 的 GPU 以外部分 3.3 kW 为上限）；未找到华为数据',
  'derived: 8 × 120k + ≈50–150k host': '推算：8 × 12 万，加主机约 5–15 万',
  'GMTEight/TweakTown (Aug 2025)': 'GMTEight、TweakTown（2025 年 8 月）',
};

/** The citation of each MFU default and of the reported-hours overhead (training-plan defaults), in Chinese. */
export const MFU_SOURCE_ZH: Readonly<Record<string, string>> = {
  'Meta, "The Llama 3 Herd of Models", Jul 2024': 'Meta，“The Llama 3 Herd of Models”，2024 年 7 月',
  'ByteDance, "MegaScale", NSDI 2024': '字节跳动，“MegaScale”，NSDI 2024',
  'Huawei, "Pangu Ultra MoE", May 2025': '华为，“Pangu Ultra MoE”，2025 年 5 月',
  'Meta, "The Llama 3 Herd of Models", Jul 2024 (H100, 38–43 %); Huawei, "Pangu Ultra MoE", May 2025 (Ascend, 30.0 %)':
    'Meta，“The Llama 3 Herd of Models”，2024 年 7 月（H100，38–43%）；华为，“Pangu Ultra MoE”，2025 年 5 月（昇腾，30.0%）',
  'Huawei, "Pangu Ultra MoE", May 2025; NVIDIA, NeMo performance summary, Feb 2026':
    '华为，“Pangu Ultra MoE”，2025 年 5 月；NVIDIA，NeMo 性能汇总，2026 年 2 月',
  'Ai2, "Olmo 3", Nov 2025 (7B: ≈ 33 % while running); Meta, Llama 3 model card, Apr 2024 (8B: 15.6 % over its reported GPU-hours)':
    'Ai2，“Olmo 3”，2025 年 11 月（7B：训练时约 33%）；Meta，Llama 3 模型卡，2024 年 4 月（8B：按其报告卡时计 15.6%）',
  'Ai2, "Olmo 3", Nov 2025 (32B: ≈ 37 % while running); DeepSeek-AI, "DeepSeek-V2", May 2024 (DeepSeek 67B on H800: 37.6 % over its reported GPU-hours); Meta, Llama 3 model card, Apr 2024 (70B: 27.6 %)':
    'Ai2，“Olmo 3”，2025 年 11 月（32B：训练时约 37%）；DeepSeek-AI，“DeepSeek-V2”，2024 年 5 月（DeepSeek 67B，H800：按其报告卡时计 37.6%）；Meta，Llama 3 模型卡，2024 年 4 月（70B：27.6%）',
  'Meta, Llama 3.1 model card and "The Llama 3 Herd of Models", Jul 2024 (405B: reported ÷ running hours ×1.17, of which interruptions ≤ ×1.11); GENCI, Nov 2022, and Luccioni et al., "Estimating the Carbon Footprint of BLOOM", Nov 2022 (176B: ×1.18, restarts included)':
    'Meta，Llama 3.1 模型卡及“The Llama 3 Herd of Models”，2024 年 7 月（405B：报告卡时 ÷ 训练时卡时 ×1.17，其中故障中断不超过 ×1.11）；GENCI，2022 年 11 月，及 Luccioni 等，“Estimating the Carbon Footprint of BLOOM”，2022 年 11 月（176B：×1.18，含重启）',
};

/** Model names as Chinese buyers say them, the catalogue's name kept in brackets. */
export const GPU_NAME_ZH: Readonly<Record<string, string>> = {
  'Ascend 910B': '昇腾 910B（Ascend 910B）',
};

/** The same names where space is short (a chart's axis), without the catalogue name. */
export const GPU_SHORT_NAME_ZH: Readonly<Record<string, string>> = {
  'Ascend 910B': '昇腾 910B',
};
