import fc from 'fast-check';
import { deflateSync, Inflate, strToU8 } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { defaultScenario, evaluate, presets, type Scenario } from '../../src/engine';
import {
  decodeScenarioHash,
  encodeScenarioHash,
  hasScenarioHash,
  LINK_WARN_LENGTH,
} from '../../src/scenario';
import { CURRENT_SCHEMA_VERSION } from '../../src/scenario/migrate';
import { encodeFullScenarioHash, MAX_JSON_BYTES } from '../../src/scenario/url-codec';
import { arbScenario } from '../engine/arbitraries';

/**
 * The default scenario's link as first released (schema v1, before uncertainty ranges): old links must
 * keep opening, migrated to the current schema.
 */
const FROZEN_V1_DEFAULT_HASH =
  's=1.dVXbUttADP0Vzz67GSdtWiZvLRRKKSUDQ2c6nT5sbIVsWe969kIKDN_RD-qP9WhtJ3GgvCRI2iPp6Eh5FL5cUS2_kfPKGjEb58LImsRMXBFVWVEUs2xcvGrgtyYLJOs8mxTZL7vw2d8_2eRNtuLPg-xkfu1FLiqAmUrMHkVtK4bhSNj5Y07u3JqwErNJkYuVjY5Nn-0Chje5uGni5v-DXKyJbvX9CYxi9uPnEz9w6sGaBAHb67e54HoOZSMXSqtwD1suSls3WklTcnJjDSG5J738EJVOdZWILxHdIiNRl_eK3B25ZPHp69ypkg4NYCegAX-ghsLauttjJ8uQ6CpG4wnig3XyhnbNxTQXSxUuYti3NnZN7pKCs_ADHqnP1nAyd42jUkmO_k7SoTzEO_KqilIPkuailsoEMtxo7wESP0uJwGdKdC5_n613uhsXIxScXB-ivx_4Djau00rTwAVimwhGxyN8I01lADkgsa8fMy1GGEhptS1TA72nm_g7pg_dWcCBUZRv0BNm0zh1JwPNrdVitpTa08D2BTMwnscANIysg3s9LaAIRybwSBGfJrUp-BO0xb0i5_PpxgC1PKQiueopgBotw9K6eg8M-TqkyYgn56hWsR5OH_Y9wHeMuLpfOJX0tpCQnzJ03u6DXRuq0HdvbmVootZp1FxmdaR8aaMZSGfCqBZ7mPLgyaMgcwMAcm2x7einnVKHvraLyXTLx8fOn8QNNSnTWwCdBMbkXjR-p4YtT_t2TyE2nMSft3Od8VZsjPMNvdwHyFmfQrvOxSb1sss0g62PpdLR0dzZRbfa_V1oVwgnq7xtLBYg4dxJndKk61VRgDoHtWAXwGyQbmhGiTvB72OwNbgtN-1vXwx8eNaT2zZHrqu3B4bG_hMxAEo62Z6rQ-tDGmtla-RW5fyZ3LjgSmG_qHru5MI27uuhJN8i01KlY8EZFEhLviMqWYMvHJAxaK46GV4C8aUbc8D1S60WLRgjs2iueO6t7trbzgLrlbPvZEnyI-5-y1O6uizl7cOXA3CSbeC18vi1QrxASWHlbLxZNTHdhmhU4Alce1pGvdFZu3Ds_Nr-3AV7i0Mjnp7-AQ';

/** The default scenario's link at schema v3 (model v2), frozen. */
const FROZEN_V3_DEFAULT_HASH =
  's=1.jVbbbuNGDP0VQ8-qIMl24vVbN3tpupvGSJoFCmMfxhIdTyPNCKNR3GyQ7-gH9cd6OLpYkuO0eXFMcng5PCT97JXJjnLxjUwptfKWU99TIidv6d0SpZMwDJeTKPypgF6riSWR-5M4nPypN-Xkn78n8Wyy48_F5PPqrvR8L4UzlXrLZy_XKbthS8j5Y0XmSiu785Zx6Hs7XRkW_ao3EMx8776ouu8L39sTPWRPnyH0luvvL_zAyB9aOReQTc98j_O5EIXYyEzaJ5d9ovMik0IlHFxpRQheUrZ9X8nM5ZXAPoF17RmBmri3ZB7JOEnp_l0ZmdCFgtsYMOAP0JDda_PwyYjEOrjCIIphb7UR99QXh3Pf20p7XdmxtNB7MjdkjYYe7hH6yx5Kxq4wlEjB1n-QMEgP9oZKmVYiGwT1vVxIZUlxoa0GnviZCwQ8XaAr8deXfa-6KAyQsFO9r8qngW7RqS7TjAYqAFtUQDQK8B9llFiAAxDb_NHTMEBDEp3pxBXQapqOnzN8qE7DHRBF-go1oTeFkY_C0krrzFtuRVbSQPYVPVAltwHe0LLG3XQOd6XMNKUft1ukQiqB2zCYOYR1Npaf-96GGfCVRPq7zKllkaqyDNwypCyTA5Fdz7vSfwFLGTWEO-ZJZcG7H65cjjGHoyITdqtNPnKGzBtPccAZGspllQ95BPnI4Tl73D1tjHTM3QgQWSrk7iZL7xWlQLAV14TmghxpOM30gywTXakBCWP2qjHRLg6ePHuk7uGATJ1sTaJ5w_mhrq4iZvgbPD42ejcm4KVUrQSuHVUZ3Oui7OVwwGksL8lWBQcpb1xLeLo60aoDl6voa673TWnAa3-JwTCmKlx5ffDZ__6TkFllaGX0ptkb7dKp5xP7MHkoNKbL-XkUmYuA1vGEWlDffb-qCbzEoAFsK8xQjLx7xj9XVueAO-kQObwY6PCsxbuumEyTb-sYtDthMXDkqHPYhRe6tK7Tqc4RWyarIwZywqnE8FJ6rOTEOvXdkKVniLSVbhNxBNCCB8xtzw-UMDOPF5SDQGT0TWTVaatgim2TNhS-QejXNt2CCxWZ3NR85hSYcLfMjZqz9YVhcrasGyuZzvyIYToA6nY_j8Hh4esGOAza8kiWuJmw95CS3Rld3e-Kyu2VSknLrboraVtlHSHrYWXlb_XRtfoB647fV4DTWF7yiIGShLon18HumAXjM7WO6kPlxwv3-b13-YKj07V2dEdnB2av3KD11D8b2BxfpHUIR9OB0Vv3iUNPj0K7A7OOMB9RMAz4-sGBlykX8G5ge_ICrWdAJpo6WLjXwYldvz4L_Z7VYCVzSEQ8h7JlRN9N19f1wo_nfaOxlzN4WbDFYQ8Hry3hNTLhjr5rG3rSvgkcgcqz-cjyaFM7MxB3aDbevchz7i-GNm9sV-4q_iKUxp-zkfM3Fi-_jPEsYkSaVcJJ_-ce6XjXPvofWwXBONaMY_Vm6ei3REuv-dDw-MdF207-jZoasedTUZ9OXgf4wtNcppcKu4An-OXlXw';

/** The default scenario's link at schema v4 (hardware choices, VAT view), frozen. */
const FROZEN_V4_DEFAULT_HASH =
  's=1.jVbbchs3DP0VzT5vNbrast4a20ndxLXGidPpaPJA7UIWa4rc4ZJWHI-_ox_UH-sB96LdlexGL5IAEAAPDgA-R3myoa34SjaXRkfzSRxpsaVoHv1p7AOlPfoutpmieW84-CWDldE9R2Ib90aD3t9mlff-_ac3mvQ2_D3rfVjc5VEcpXCp02j-HG1Nys7YEnL-WpC9NtptovloEEcb4y2LfjcrCBD9PvP1_1kc7Yge1NMHCKP58tsLH7Dyh9HBBWTjkzjifM5FJlZSSfcEWRwlBklLoRMOro0mBM9Jrd95qUJeCewTWBeeEaiM-5nsI9kgycPPhZUJnWu4HQ3CBwCR2wGc91YkLoA26A9HsHfGintqigfTOFpLd-NdV5qZHdlbctZAD_cI_XEHJWOXWUqkYOu_SFikB3tLuUy9UK2gcbQVUjvSfNFKA098LAQCniHQtfj-cde43XDQR8JB9c7nTy3drFZdpYpaKgCbeSA67OMXKUocwAGIVf6o6aCPgiRGmSRcoNKUFT9l-HA7A3dAFOlr3Am1yax8FI4WxqhovhYqp5bsE2qgcy4DvKFkpbvxFO5yqQyll-s1UiGdwO2gPwkIG9WVn8bRihnwiUT6RW6pYpH2SoFblrRjciByqHl99d_AUkYN4Q554h149yNcl2NM4ShTwq2N3XacIfPS06jPGVraSr9t8wjyjsNT9rh5WlkZmLsSILLUyD10ltlpSoFgJS4IzRcKpOE00wuZJ8brFglH7NWgo0McHHmOSN_DAdki2YJE05LzbV1xixHDX-JxWepDm4CXUlcSuA5UZXBvsryRwx6nrjwn5zMOkt-GknB31aJFDS7foqm52ZVXA167KzSGtT4L12uCz_5374VU3tLCmlU5N6qhU_QnpmLykBl0V_DzKFSIgNJxhzpQP_y_LgjMYxNgO2HbYuTdMP7VO7MF3EmNyP5ES4djFd7FjcmW-VaOQbtXLFqOAnX2s_Dc5C5UOjVbxJbJ4oCBnHAq0byUHio5sVp912bpCSKtZZhEHAG04AYL0_OCEmbm4YAKEAhFX4Xyr1v1x5g2aUnhW4Q-NulmfFGh5KrgM6fAhPvM3Cg4W2wYJmfFuq6S6cyHGKY9oGH2cxvsDx43wGIwjlsyJ0phHyElt7HG328yH-aK19Jxqe5yWntVE7JoVlb-UaxeZx4w7vi8B5zW8ZBHDFxJ6HsKFayXWb-7ppbDYlHFo1n4_tbYfP2D1bUMdEdlW2ZHdtByHJ-0bA430nIAR-OW0Vv7iUOPD0KHBbMcoj-G_XbA4wsHXsZ8gbOW7asbaDkBMsNxgIVr3X9l1i9PBnHDqjWSOSQinkJZMaLppq7rchaPpk2jrpcTeJmxxX4O948N4SUy4YqeVQV91b4MPASVJ9OO5cGkDmYgbtusO3uR5zSetW3emK5cVXyGuBp_TzrO3xi8fHKEY0NGpBwlnPT_zpGad9Whn5gqCMaxJhyr0UsHb4mKXtO24eHjoionv1FTK3a8KorVyeMAf7ib8_RKYxZwB_NOFzbdCRvmpaU1gWlJWOvqCgeiDfoXi73WXPAT6MtamawEPJqfzc4671p-b7eO7ycQRqc0RSLVQ6e2LkbQUdvmW-Zn7D0G0mUqsSHKFzseccXrQqyAWfN5l1B-pRPlU9QKNs56yCtUmpM-LExsAZ51fKqrG-DRKRlZ-Lmg1EOBWIXHl5f_AA';

/** The default scenario's link at schema v5 (model v3: measured efficiencies), frozen. */
const FROZEN_V5_DEFAULT_HASH =
  's=1.jVbbcts2EP0VDZ9Zja62rLcmdlI3ca1x4nQ6mjxA5MpCDQIcELDiePId_aD-WM-CF5GU7UYvkrCLvZw9u4unqEh2lIkvZAtpdLScx5EWGUXL6E9j7ykd0DeR5YqWg_HolxxaRg8ciSweTEaDv82mGPz7z2AyG-z4ezF4v7otojhKYVKn0fIpykzKxlgT5_y1IntltNtFy8kojnbGWz763WxwMIuju9w3_xdxtCe6V4_vcRgt119_8AUrvxsdTOBsehJHHM9bkYuNVNI94iyOEoOgpdAJO9dGE5wXpLZvvFQhrgT6CbRLy3BU-f1E9oFsOCnCz5WVCb3VMDsZhQ8AIrcHOO-sSFwAbTQcT6DvjBV31D4eAc6tdNfe9U9zsyd7Q84ayGEerj_sIWTsckuJFKz9FwmL8KBvqZCpF6rjNI4yIbUjzYnWEljia8ER8AyOrsS3D_tWduPREAEH0RtfPHZki0Z0mSrqiABs7oHoeIhfpChxAAcg1vGjpqMhCpIYZZKQQC2pKn7K8CE7A3NAFOFr5ITa5FY-CEcrY1S03ApVUOfsI2qgCy4DrKFklbnpHOYKqQylF9stQiGdwOxoOAsIG9U_P42jDTPgI4n0s8yoZpH2SoFblrRjcsBzqHmT-m9gKaMGd8c88Q68-x7SZR9zGMqVcFtjs54xRF5Zmgw5QkuZ9FmXRzjvGTxli7vHjZWBuRsBIkuN2ENnmb2mFAjWxyWhOaFAGg4zPZdFYrzukHDCVg06OvjBlaeI9B0MkC2DLUk0rzjflZVZTBj-Co-LSh7aBLyUuj6B6UBVBvc6L1oxHHDqnxfkfM5OiptQEu6u5mjVgMtZtCXX-yo14LW_RGNY6_OQXht8tr9_J6TyllbWbKq5UQ-dsj8xFZP73KC7gp0HoYIHlI471IH64f9VSeAlGg1gO2G7x4i7pfyrdyYD3EmDyOFGR4ZrNd5lxmSreGvDoN0LGh1DgTqHWfjWFC5UOjUZfMtkdcRADjiVaF5Kj4UcWCO-7bL0BJ62Mkwi9gBacIOF6XlOCTPzeEAFCISiL0L5l7WGU0ybtKLwDVw_N-kWnKhQclPymUNgwn1ibpScLTcMk7NmXV_IdOZLDNMB0DD7uQ0OF59XwGIwjluyIEqhHyEkt7PG3-1yH-aK19JxqW4L2nrVELJsVhb-Ua5eZ-4x7vi-B5zW8ZCHD6Qk9B2FCjbLbNhfU-txuajiySJ8f21tvuHR6loHuqOyHbVndtB6Gp90dI430noEQ9OO0mv7iV1Pj1yHBbMeoz_Gw67D5xcOrEw5gbOO7osbaD0DMuNpgIVrPXxh1q9PRnFLqzOS2SU8nkJYM6JtpqnrehFP5m2lvpUTWFmwxmEOD58bwmtEwhU9qwv6on7leAwqz-Y9zaNJHdRA3K5af_Yiznm86Oq8Ml25qviMkRp_z3rGXxm8fHOCa2NGpBolHPT_zpGGd_Wln5gqcMa-Zuyr1UtHb4maXvOu4vHjoi4nv1FTK_a8KsrVyeMAf7ibi_RSYxZwB_NOFzbdCxvmpaUtgWlJWOvqEheiHfoXi72RnPMT6PNWmbwCPFqeLc5671p-b3euHyYQRqc0ZSD1Q6fRLkfQs7rtt8zP6HsMpItUYkNUL3Y84srXhdgAs_bzLqHiUifKp6gVdJz1OK9RaU_6sDCxBXjW8a2-bIRHp2RkYeecUg8BfJUWEUFGogDnAkAttOpHEmNR_j7kGl6EP_4D';

/** The default scenario as a short link (format 2): nothing differs from the frozen v5 seed preset. */
const FROZEN_V5_DEFAULT_SHORT_HASH = 's=2.5-seedTeam.i66ujQUA';

/** The default scenario's link at schema v6 (training plans), frozen: whole, and short against its v6 base. */
const FROZEN_V6_DEFAULT_HASH =
  's=1.jVfbcts2EP0VDZ9Zja62rLcmTlI3ca1x4nQ6mjxA5MpCDQIcELDiePwd_aD-WM-CF5GU7cYvkrCL3cXZsxc_RkWyo0x8JVtIo6PlSRxpkVG0jP409o7SAX0XWa5oORiPfsmhZfTAkcjiwWQ0-NtsisG__wwms8GOPxeDD6ubIoqjFCZ1Gi0fo8ykbIw1cc4fK7KXRrtdtJyM4mhnvOWj380GB7M4us1983sRR3uiO_XwAYfRcv3tiS9Y-cPoYAJnUwTM8bwVudhIJd0DzuIoMQhaCp2wc200wXlBavvGSxXiSqCfQLu0DEeV389k78mGkyJ8XVmZ0FsNs5NR-ANA5PYA570ViQugjYbjCfSdseKW2sejeRxtpbvyrn-amz3Za3LWQA7zcP1xDyFjl1tKpGDtv0hYhAd9S4VMvVAdp3GUCakdaX5oLYElvhYcAc_g6FJ8_7hvvW48GiLgIHrji4eObNGILlJFHRGAzT0QHQ_xjRQlDuAAxDp-5HQ0REISo0wSHlBLqoyfMnx4nYE5IIrwNd6E3ORW3gtHK2NUtNwKVVDn7BNyoAtOA6whZZW56RzmCqkMpe-2W4RCOoHZ0XAWEDaqf34aRxtmwCcS6ReZUc0i7ZUCtyxpx-SA55Dz5um_gaWMGtwd88Q78O5HeC77mMNQroTbGpv1jCHyytJkyBFayqTPujzCec_gKVvcPWysDMzdCBBZasQeKsvsNaVAsD4uCc0PCqThMNNzWSTG6w4JJ2zVoKKDH1x5jEjfwgDZMtiSRPOK811Z-YoJw1_h8a6ShzIBL6WuT2A6UJXBvcqLVgwHnPrnBTmfs5PiOqSEq6s5WjXg8ivakqt99TTgtb9AYVjr8_C8Nvhsf_9eSOUtrazZVH2jbjplfaIrJne5QXUFO_dCBQ9IHVeoA_XD78uSwEsUGsB2wnaPEXdL-VfvTAa4kwaRw42ODNdqvMsXk63irQ2Ddi9odAwF6hx64VtTuJDp1GTwLZPVEQM54FSieCk9FnJgjfimy9ITeNrK0InYA2jBBRa65zklzMzjBhUgEIq-CuVf1hpO0W3SisLXcP1cp1vwQ4WSm5LPHAIT7jNzo-RsOWGYnDXr-kKmM19imA6Aht7PZXC4-LwCBoNxXJIFUQr9CCG5nTX-dpf70Fe8lo5TdVPQ1quGkGWxsvCPcvQ6c4d2x_c94LSOmzx84ElC31LIYDPMhv0xtR6XgyqeLMLnt9bkGx6NrnWgOzLbUXtmBq2n8UlH53girUcwNO0ovTaf2PX0yHUYMOsx6mM87Dp8fuDAypQfcNbRfXECrWdAZjwNsHCuhy_0-vXJKG5pdVoyu4THUwhrRrTNNHldL-LJvK3Ut3ICKwvWOPTh4XNNeI1IOKNndUJf1K8cj0Hl2bynedSpgxqI21Xr917EOY8XXZ1XuitnFX9jPI0_Zz3jrzRevjnBtTEjUrUSDvp_-0jDu_rST3QVOGNfM_bVqqWjXaKm17yreLxc1OnkHTW1Ys-johyd3A7wg6u5SC80egFXMM90YdO9sKFfWtoSmJaEsa4ucCHaoX4x2BvJOa9AX7bK5BXg0fJscdbba3nf7lw_dCC0TmnKQOpFp9EuW9Czuu1d5mf0PRrSu1RiQlQbO5a4crsQG2DWXu8SKi50onyKXEHHWY_zGpV2pw8DE1OAex3f6stGWDolIws755R6COCrtIgIMhIFOBcAaqFVL0mMRfn98NZqI3QWDUzqW-wc5UzxvCqtQ1tIvLUQVcxv_V-DnBt9Hv4FKrexyfzk6ek_';
const FROZEN_V6_DEFAULT_SHORT_HASH = 's=2.6-seedTeam.i66ujQUA';
/** The default scenario's links at schema v7 (self-build's size says who set it), frozen. */
const FROZEN_V7_DEFAULT_SHORT_HASH = 's=2.7-seedTeam.i66ujQUA';
const FROZEN_V7_DEFAULT_HASH =
  's=1.jVfbcts2EP0VDZ9Zja62rLcmTlI3SaOx43Q6mjxA5MpCDQIcELBie_wd_aD-WM-CF5GU7cYvkrCL3cXZsxc_RkWyo0x8I1tIo6PlaRxpkVG0jP409pbSAf0QWa5oORiPfsmhZfTAkcjiwWQ0-NtsisG__wwms8GOPxeDD6vrIoqjFCZ1Gi0fo8ykbIw1cc4fK7KfjXa7aDkZxdHOeMtHv5sNDmZxdJP75vcijvZEt-r-Aw6j5fr7E1-w8sHoYAJn05M44njeilxspJLuHmdxlBgELYVO2Lk2muC8ILV946UKcSXQT6BdWoaj-uBKPlD6BlYi6xVfqwK6IntHNqgW4evKyoTeamhORuEPyJHbA7X3ViQuoDkajifQd8aKG2ofj-ZxtJXui3f909zsyV6SswZymIfrj3sIGdTcUiIFa_9FwiJu6FsqZOqF6jiNo0xI7UgzArUElvhacASgg6PP4sfHfet149EQAQfRG1_cd2SLRnSRKuqIgHjuAfV4iG-kKHEAB2DW8SPZoyEylRhlkvCAWlJR4ZThw-sMzDH2oA_eBPRzK--Eo5UxKlpuhSqoc_YJOdAFpwHWkMvK3HQOc4VUhtJ32y1CIZ3A7Gg4Cwgb1T8H7TdMjU8k0q8yo5pe2isF0lnSjlkDzyHnzdN_A30ZNbg75ol3IORDeC77mMNQroTbGpv1jCHyytJkyBFayqTPujzCec_gKVvc3W-sDJTeCDBcasQeSs7sNaVAsD4umc4PCqThMNNzWSTG6w4JJ2zVoNSDH1x5jEjfwADZMtiSRPOK811Z-YoJw1_h8a6ShzIBL6WuT2A6UJXB_ZIXrRgOOPXPC3I-ZyfFZUgJV1dztGrA5Ve0JV_21dOA1_4ChWGtz8Pz2uCz_f17IZW3tLJmUzWUuhuV9Yl2mdzmBtUV7NwJFTwgdVyhDtQPvz-XBF6i0AC2E7Z7jLhbyr96ZzLAnTSIHG50ZLhW412-mGwVb20YtHtBo2MoUOfQJN-awoVMpyaDb5msjhjIAacSxUvpsZADa8TXXZaewNNWhk7EHkALLrDQPc8pYWYeN6gAgVD0TSj_stZwim6TVhS-hOvnOt2CHyqU3JR85hCYcFfMjZKz5ehhctas6wuZznyJYToAGno_l8Hh4vMKGAzGcUkWRCn0I4Tkdtb4m13uQ1_xWjpO1XVBW68aQpbFysI_ypnszC3aHd_3gNM6bvLwgScJfUMhg82UG_bH1HpcDqp4sgif31sjcXg0utaB7shsR-2ZGbSexicdneOJtB7B0LSj9Np8YtfTI9dhwKzHqI_xsOvw-YEDK1N-wFlH98UJtJ4BmfE0wMK5Hr7Q69cno7il1WnJ7BIeTyGsGdE20-R1vYgn87ZS38oJrCxY49CHh8814TUi4Yye1Ql9Ub9yPAaVZ_Oe5lGnDmogblet33sR5zxedHVe6a6cVfyN8TT-nPWMv9J4-eYE18aMSNVKOOj_7SMN7-pLP9FV4Ix9zdhXq5aOdomaXvOu4vFyUaeTl9fUij2PinJ0cjvAD67mIr3Q6AVcwTzThU33woZ-aWlLYFoSxrq6wIVoh_rFYG8k57wCfd0qk1eAR8uzxVlv4eVFvHP90IHQOqUpA6kXnUa7bEHP6rZ3mZ_R92hI71KJCVGt8ljiyu1CbIBZe71LqLjQifIpcgUdZz3Oa1TanT4MTEwB7nV8qy8bYemUjCzsnFPqIYCv0iIiyEgU4FwAqIVWvSQxFuX3w1urjdBZNDCpb7BzlDPF86q0Dm0h8dZCVDG_9Q8Pcm70efjfqNzGJvOTp6f_AA';
/** The default scenario's links at schema v8 (a VAT rate for leasing and repairs), frozen. */
const FROZEN_V8_DEFAULT_SHORT_HASH = 's=2.8-seedTeam.i66ujQUA';
const FROZEN_V8_DEFAULT_HASH =
  's=1.jVfbcts2EP0VDZ9Zja62rLcmTlI3SaNJ4nQ6mjxA5MpCDQIcELBie_wd_aD-WM-CF5GU7MYvkrCL3cXZsxc_RkWyo0x8I1tIo6PlIo60yChaRn8ae0vpgH6ILFe0HIxHv-TQMnrgSGTxYDIa_G02xeDffwaT2WDHn4vBu9V1EcVRCpM6jZaPUWZSNsaaOOePFdmPRrtdtJyM4mhnvOWj380GB7M4usl98xvB7Ilu1f07HEbL9fcnvmDlg9HBBM6mZ3HE8bwWudhIJd09zuIoMQhaCp2wc200wXlBavvKSxXiSqCfQLu0DEf1wRf5QOkrWImsV3ytCugL2TuyQbUIX1dWJvRaQ3MyCn9AjtweqL21InEBzdFwPIG-M1bcUPt4NI-jrXSfvOuf5mZP9jM5ayCHebh-v4eQQc0tJVKw9l8kLOKGvqVCpl6ojtM4yoTUjjQjUEtgia8FRwA6OPoofrzft143Hg0RcBC98sV9R7ZoRFepoo4IiOceUI-H-EaKEgdwAGYdP5I9GiJTiVEmCQ-oJRUVzhk-vM7AHGMP-uBNQD-38k44WhmjouVWqII6Zx-QA11wGmANuazMTecwV0hlKH2z3SIU0gnMjoazgLBR_fPzONowNT6QSL_KjGp6aa8USGdJO2YNPIecN0__DfRl1ODumCfegZAP4bnsYw5DuRJua2zWM4bIK0uTIUdoKZM-6_II5z2D52xxd7-xMlB6I8BwqRF7KDmz15QCwfq4ZDo_KJCGw0wvZZEYrzsknLBVg1IPfnDlMSJ9AwNky2BLEs0rzndl5SsmDH-Fx5tKHsoEvJS6PoHpQFUG91NetGI44NQ_L8j5nJ0Un0NKuLqao1UDLr-iLfm0r54GvPZXKAxrfR6e1waf7e_fCqm8pZU1m6qh1N2orE-0y-Q2N6iuYOdOqOABqeMKdaB--P2xJPAShQawnbDdY8TdUv7VO5MB7qRB5HCjI8O1Gu_yxWSreGvDoN0zGh1DgTqHJvnaFC5kOjUZfMtkdcRADjiVKF5Kj4UcWCO-7rL0DJ62MnQi9gBacIGF7nlJCTPzuEEFCISib0L557WGU3SbtKLwZ7g-1ekW_FCh5KbkM4fAhPvC3Cg5W44eJmfNur6Q6cyXGKYDoKH3cxkcLp5WwGAwjkuyIEqhHyEkt7PG3-xyH_qK19Jxqq4L2nrVELIsVhb-Uc5kZ27R7vi-B5zWcZOHDzxJ6BsKGWym3LA_ptbjclDFk0X4_N4aicOj0bUOdEdmO2onZtB6Gp91dI4n0noEQ9OO0kvziV1Pj1yHAbMeoz7Gw67D0wMHVqb8gIuO7rMTaD0DMuNpgIVzPXym16_PRnFLq9OS2SU8nkNYM6JtpsnrehFP5m2lvpUzWFmwxqEPD0814TUi4Yxe1Al9Vr9yPAaVZ_Oe5lGnDmogblet33sR5zxedHVe6K6cVfyN8TT-nPWMv9B4-eYE18aMSNVKOOj_7SMN7-pLP9FV4Ix9zdhXq5aOdomaXvOu4vFyUaeTl9fUij2PinJ0cjvAD67mIr3S6AVcwTzThU33woZ-aWlLYFoSxrq6woVoh_rFYG8kl7wCfd0qk1eAR8uLxUVv4eVFvHP90IHQOqUpA6kXnUa7bEEnddu7zM_oezSkN6nEhKhWeSxx5XYhNsCsvd4lVFzpRPkUuYKOsx7nNSrtTh8GJqYA9zq-1ZeNsHQqEoXUN6euSQYdLi4p9RAgjNIZgstwC3QM2LWArPcnhqn8foChWhadRW-DQ6wj5bjxvEWtQ8dIvLUQVUXR-l8IdDD6MvzbVC5qk_nZ09N_';
/** The default scenario's links at schema v9 (model v4: a price path, steady here), frozen. */
const FROZEN_V9_DEFAULT_SHORT_HASH = 's=2.9-seedTeam.i66ujQUA';
const FROZEN_V9_DEFAULT_HASH =
  's=1.jVfbcts2EP0VDZ9Zja62orcmdlI3ca2x43Q6mjxA5MpCDQIcELBie_wd_aD-WM-CF5GS7MYvkrCL3cXZsxc_R0WyoUx8I1tIo6P5uzjSIqNoHv1p7D2lPfohslzRvDcc_JJDy-ieI5HFvdGg97dZFb1__-mNJr0Nf856nxa3RRRHKUzqNJo_R5lJ2Rhr4pw_FmQvjXabaD4axNHGeMtHv5sVDiZxdJf75vcsjrZE9-rxEw6j-fL7C1-w8snoYAJn45M44ng-iFyspJLuEWdxlBgELYVO2Lk2muC8ILV-76UKcSXQT6BdWoaj-uBGPlH6HlYi6xVfqwK6IftANqgW4evCyoQ-aGiOBuEPyJHbArWPViQuoDnoD0fQd8aKO2ofD6ZxtJbuyrv909xsyV6TswZymIfrz1sIGdTcUiIFa_9FwiJu6FsqZOqF6jiNo0xI7UgzArUElvhacASgg6NL8ePztvW64aCPgIPovS8eO7JZI7pIFXVEQDz3gHrYxzdSlDiAAzDr-JHsQR-ZSowySXhALamocMrw4XUG5hh70AdvAvq5lQ_C0cIYFc3XQhXUOfuCHOiC0wBryGVlbjyFuUIqQ-n5eo1QSCcwO-hPAsJG7Z-fxtGKqfGFRPpVZlTTS3ulQDpL2jFr4DnkvHn6b6AvowZ3hzzxDoR8Cs9lH1MYypVwa2OzPWOIvLI06nOEljLpsy6PcL5n8JQtbh5XVgZKrwQYLjViDyVntppSIFgfl0znBwXScJjpmSwS43WHhCO2alDqwQ-uPEek72CAbBlsSaJpxfmurHzFiOGv8Div5KFMwEup6xOYDlRlcK_yohXDDqf984Kcz9lJcR1SwtXVHC0acPkVbcnVtnoa8NpeoDCs9Xl4Xht8tr_9KKTylhbWrKqGUnejsj7RLpP73KC6gp0HoYIHpI4r1IH64fdlSeA5Cg1gO2G7x4i7pfyrdyYD3EmDyO5GR4ZrNd7li8lW8daGQbtXNDqGAnV2TfKDKVzIdGoy-JbJ4oCBHHAqUbyUHgo5sEZ822XpCTytZehE7AG04AIL3fOMEmbmYYMK7GnUbjYix92GukLRN6H869f7Y7ShtOL2NWI61gJnjIBQclUSnWNjJt4waUoylzOJWVvTcV_IPOdLjN8O6TAUuD52F48rYGIYx7VaEKXQjxCS21jj7za5Dw3Ha-k4h7cFrb1qmFpCwcI_ymHtzD36IN_3wNk67v7wgScJfUchtc346-_Pr-WwnGDxaBY-v7dmZf9gpi1DHSDlHbUjw2k5jk86OoejajmAoXFH6a3Bxa7HB67D5FkOUTjDftfh8UkEK2N-wLuO7qujaTkBMsNxgIVz3X9lCCxPBnFLq9Or2SU8nkJYM6JtpsnrchaPpm2lfSsnsDJjjV2D7h_rzktEwhl9Vyf0Vf3K8RBUnkz3NA9aeFADcbtq-00ZcU7jWVfnjbbLWcXfEE_jz8me8Tc6Mt8c4dqQEal6DAf9vw2m4V196Se6Cpyxrwn7atXSwZJR02vaVTzcOup08labWrHlGVLOVG4H-MHVXKQXGr2AK5iHvbDpVtjQSC2tCUxLwrxXF7gQbVC_mPiN5Ix3o69rZfIKcOz3M2z4nU2YN_TO9V0HQuuUpgyk3oAa7bIFHdVtLzk_o-_RkM5TidFR7fjY7sq1Q6yAWXvvS6i40InyKXIFHWc9zmtU2p0-TFJMAe51fGtfNsA2qkgUUt8duyYZdLg4o9RDgDBKZwguwy3QMWDXArKeTgxT-X0HQ7VFOoveBofYU8px43m9WoaOkXhrIaqKovVPEuhg9Fn4f6rc4EbTk5eX_wA';

/** The default scenario's links at schema v10 (model v4: the economic view, a capital charge), frozen. */
const FROZEN_V10_DEFAULT_SHORT_HASH = 's=2.10-seedTeam.i66ujQUA';
const FROZEN_V10_DEFAULT_HASH =
  's=1.jVdbcts2FN2Kht-sRk9b1l8TJ6mbpNHESTodTT4g8spCDQIcELBie7yOLqgb67ngQyQlu_GPJNwnDs59-DEqkh1l4hvZQhodLcejONIio2gZ_WnsLaUD-iGyXNFyMB79kkPN6IEjkcWDyWjwt9kUg3__GUxmgx1_LgbvVl-LKI5S-NRptHyMMpOyM9bEOX-syH402u2i5QTBdsZbPvrdbHAwi6Ob3De_F3G0J7pV9-9wGC3X35_YwMoHo4MLnE3P4ojzeS1ysZFKunucxVFikLQUOuHg2mhC8ILU9pWXKuSVQD-BdukZgeqDa_lA6St4iaxXbFYldE32jmxQLcLXlZUJvdbQnIzCH5Ajtwdqb61IXIBzNBxPoO-MFTfUPh7N42gr3Sfv-qe52ZP9TM4ayOEeod_vIWRQc0uJFKz9FwmLvKFvqZCpF6oTNI4yIbUjzQjUEnhisxAIQIdAH8WP9_vW7cajIRIOole-uO_IFo3oKlXUEQHx3APq8RDfSFHiAA7ArPPHY4-GeKnEKJOEC9SSigrnDB9uZ-COsQd9cCegn1t5JxytjFHRcitUQZ2zD3gDXfAzwBvesnI3ncNdIZWh9M12i1RIJ3A7Gs4Cwkb1z8_jaMPU-EAi_SIzqumlvVIgnSXtmDWIHN68ufpvoC-jhnDHPPEOhHwI1-UYczjKlXBbY7OeM2ReeZoMOUNLmfRZl0c47zk8Z4-7-42VgdIbAYZLjdxDyZm9phQI1scl0_lCgTScZnopi8R43SHhhL0alHqIA5PHiPQNHJAtky1JNK8435WVt5gw_BUebyp5KBPwUur6BK4DVRncT3nRyuGAU_-8IOdzDlJ8Dk_C1dUcrRpw-RZtyad9dTXgtb9CYVjr83C9Nvjsf_9WSOUtrazZVA2l7kZlfaJfJre5QXUFP3dChQh4Oq5QB-qH3x9LAi9RaADbCds9Rt4t5V-9MxngThpEDhYdGcxqvMsbk63yrR2Dds9odBwF6hya5GtTuPDSqckQWyarIwZywqlE8VJ6LOTEGvHXLkvPEGkrQyfiCKAFF1jonpeUMDOPG1RgT6N2vRM5bBvqCkXfhPLPmw-naENpxe3PyOlUC-Sej2t_k4T2GqH1aJMBHMZFKLkp6c8ZMz-vmUolxctJxVyuSdoXMvvZiFE94B9GBVfNwfC0AuaIcVzBBVEKfU7J7azxN7vchzbktXT8sl8L2nrV8LcEiIV_lCPcmVt0R7b3QN86ngmIgSsJfUPhwZuhOOxPtfW4nGvxZBE-v7cm6PBo0q1DdYAIHbUTI2s9jc86OscDbD2Co2lH6aVxxqGnR6HDPFqPUU7jYTfg6fkEL1O-wEVH99mBtZ4BmfE0wMJvPXxmNKzPRnFLq9PBOSQinkNYM6LtpnnX9SKezNtKfS9n8LJgjUPbHp7q2Wtkwi96UT_os_pV4DGoPJv3NI8ae1ADcbtq_VaNPOfxoqvzQjPmV8XfGFfjz1nP-Qt9mi0nMBszIlXn4aT_t-00vKuNfqLXIBjHmnGsVi0drR41veZdxeNdpH5O3nVTK_Y8WcpJy-0AP7iai_RKoxdwBfMKIGy6Fza0V0tbAtOSsAWoKxhEO9Qv9oBGcskb05etMnkFeLS8WFz09mPe2zvmhw6EhipNmUi9FzXaZQs6qdtefX5G36MhvUklBkq1-WPnK5cRsQFm7W0woeJKJ8qneCvoOOtxXqPS7v9hvmI2cK9jq75shB1VkSikvjllJhl0hLik1EOANMpgSC6DFegYsGsBWc8shqn8foCh2i2dRW9DQGwv5bjxvHStQ8dIvLUQVUXR-tcJdDD6MvyXVe51k_nZ09N_';

/** The default scenario's links at schema v11 (energy and emissions join the scenario), frozen. */
const FROZEN_V11_DEFAULT_SHORT_HASH = 's=2.11-seedTeam.i66ujQUA';
const FROZEN_V11_DEFAULT_HASH =
  's=1.jVdbcts2FN2Kht-sRtTDlvXX2EnqJm40cZJOR5MPiLySUIMABwSsOJmsowvqxnou-BApyWn8Iwv3iYNzH_oWlemOcvGJbCmNjhZJEkda5BQtoj-NfaBsQF9EXihaDJLRLwXUjB44Enk8GI8Gf5t1Ofj3n8F4Otjx53zwevmxjOIog0-dRYtvUW4ydsaaOOePJdk7o90uWoxHcbQz3vLR72aNg2kcbQvffp_H0Z7oQT29xmG0WH3-zgZWfjU6uMDZ5CKOOJ9rUYi1VNI94SyOUoOkpdApB9dGE4KXpDYvvFQhrxT6KbQrzwjUHNzLr5S9gJfIesVmdUL3ZB_JBtUy_Lu0MqVrDc3xKPwBOXJ7oPbKitQFOEfDZAx9Z6zYUvd4NIujjXTvvDs-Lcye7Hty1kAO9wj9Zg8hg1pYSqVg7b9IWOQNfUulzLxQvaBxlAupHWlGoJHAE5uFQAA6BLoTX97sO7dLRkMkHEQvfPnUk81b0W2mqCcC4oUH1MkQ_5Gi1AEcgNnkj8ceDfFSqVEmDRdoJDUVLhk-3M7AHWMP-uBOQL-w8lE4WhqjosVGqJJ6Z2_xBrrkZ4A3vGXtbjKDu1IqQ9nLzQapkE7hdjScBoSNOj6_jKM1U-MtieyDzKmhl_ZKgXSWtGPWIHJ48_bqv4G-jBrCnfLEOxDya7gux5jBUaGE2xibHzlD5rWn8ZAztJRLn_d5hPMjh5fscfe0tjJQei3AcKmReyg5s9eUAcHmuGI6XyiQhtPMbmSZGq97JByzV4NSD3Fg8i0ivYUDslWyFYlmNef7suoWY4a_xuNlLQ9lAl5K3ZzAdaAqg_uuKDs5HHA6Pi_J-YKDlO_Dk3B1tUfLFly-RVfybl9fDXjtb1EY1voiXK8LPvvfvxJSeUtLa9Z1Q2m6UVWf6JfpQ2FQXcHPo1AhAp6OK9SB-uH7XUXgBQoNYDth-8fIu6P8q3cmB9xpi8jBoieDWYN3dWOydb6NY9DuGY2eo0CdQ5O8NqULL52ZHLFlujxhICecSRQvZadCTqwVf-yz9AKRNjJ0Io4AWnCBhe55Qykz87RBBfa0avc7UcC2pa5Q9Eko_7z5cII2lNXcfo-czrVA7vm49idJaK8RWo82OcBhXISS64r-nDHz856pVFG8mlTM5Yakx0JmPxsxqgf8w6jgqjkYnlfAHDGOK7gkyqDPKbmdNX67K3xoQ15Lxy_7saSNVy1_K4BY-Ec1wp15QHdkew_0reOZgBi4ktBbCg_eDsXh8VRbJdVci8fz8Pm5M0GHJ5NuFaoDROipnRlZq0l80dM5HWCrERxNeko_GmccenISOsyjVYJySob9gOfnE7xM-AJXPd1nB9ZqCmSSSYCF33r4zGhYXYzijlavg3NIRLyEsGFE1037rqt5PJ51lY69XMDLnDUObXt4rmevkAm_6FXzoM_q14ETUHk6O9I8aexBDcTtqx23auQ5i-d9nR80Y35V_CW4Gn9Oj5z_oE-z5RhmCSNSdx5O-n_bTsu7xugneg2Ccawpx-rU0snq0dBr1lc83UWa5-RdN7Niz5OlmrTcDvCFq7nMbjV6AVcwrwDCZnthQ3u1tCEwLQ1bgLqFQbRD_WIPaCU3vDF92ChT1IBHi6v51dF-zHt7z_zQgdBQpakSafaiVrtqQWd1u6vPz-h7NKSXmcRAqTd_7HzVMiLWwKy7DaZU3upU-QxvBR1nPc4bVLr9P8xXzAbudWx1LBthR1UkSqm358wkg44QN5R5CJBGFQzJ5bACHQN2HSCbmcUwVf8fYKh3S2fR2xAQ20s1bjwvXavQMVJvLUR1UXR-OoEORt-EX1nVXjee8ZwlTXYbOvwWS-Gb7bUZ02EBn034fmGDx8-lO4y9OiVrHmWG3l-t8FNwoTl6_awbytcmk3SQBiIlF7wiCbtGiRw62Qej8QtsMfr-_T8';

/** The default scenario's links at schema v12 (measured energy may be kept), frozen. */
const FROZEN_V12_DEFAULT_SHORT_HASH = 's=2.12-seedTeam.i66ujQUA';
const FROZEN_V12_DEFAULT_HASH =
  's=1.jVdbcts2FN2Kht-sRk9b1l9jJ6mbuNHESTodTT4g8kpCDQIcELDiZLKOLqgb67ngQyQlp_GPLNwnDs596FtUJHvKxCeyhTQ6Wo4ncaRFRtEy-tPYB0oH9EVkuaLlYDz6JYea0QNHIosHk9Hgb7MpBv_-M5jMBnv-XAxerz4WURyl8KnTaPktykzKzlgT5_yxIntntNtHy8kojvbGWz763WxwMIujXe6b74s4OhA9qKfXOIyW68_f2cDKr0YHFzibXsQR53MtcrGRSronnMVRYpC0FDrh4NpoQvCC1PaFlyrklUA_gXbpGYHqg3v5ldIX8BJZr9isSuie7CPZoFqEf1dWJnStoTkZhT8gR-4A1F5ZkbgA52jIgBbOWLGj9vFoHkdb6d551z_NzYHse3LWQA73CP3mACGDmltKpGDtv0hY5A19S4VMvVCdoHGUCakdaUaglsATm4VAADoEuhNf3hxatxuPhkg4iF744qkjWzSi21RRRwTEcw-ox0P8R4oSB3AAZp0_Hns0xEslRpkkXKCWVFS4ZPhwOwN3jD3ogzsB_dzKR-FoZYyKlluhCuqcvcUb6IKfAd7wlpW76RzuCqkMpS-3W6RCOoHb0XAWEDaqf34ZRxumxlsS6QeZUU0v7ZUC6Sxpx6xB5PDmzdV_A30ZNYQ75Yl3IOTXcF2OMYejXAm3NTbrOUPmlafJkDO0lEmfdXmE857DS_a4f9pYGSi9EWC41Mg9lJw5aEqBYH1cMp0vFEjDaaY3skiM1x0STtirQamHODD5FpHewQHZMtmSRPOK811ZeYsJw1_h8bKShzIBL6WuT-A6UJXBfZcXrRyOOPXPC3I-5yDF-_AkXF3N0aoBl2_Rlrw7VFcDXodbFIa1Pg_Xa4PP_g-vhFTe0sqaTdVQ6m5U1if6ZfKQG1RX8PMoVIiAp-MKdaB--H5XEniJQgPYTtjuMfJuKf_qnckAd9IgcrToyGBW413emGyVb-0YtHtGo-MoUOfYJK9N4cJLpyZDbJmsThjICacSxUvpqZATa8Qfuyy9QKStDJ2II4AWXGChe95Qwsw8bVCBPY3a_V7ksG2oKxR9Eso_bz6cog2lFbffI6dzLZB7Pq79SRLaa4TWo00GcBgXoeSmpD9nzPy8ZyqVFC8nFXO5JmlfyOxnI0b1iH8YFVw1R8PzCpgjxnEFF0Qp9Dklt7fG7_a5D23Ia-n4ZT8WtPWq4W8JEAv_KEe4Mw_ojmzvgb51PBMQA1cSekfhwZuhOOxPtfW4nGvxZBE-P7cm6PBk0q1DdYAIHbUzI2s9jS86OqcDbD2Co2lH6UfjjENPT0KHebQeo5zGw27A8_MJXqZ8gauO7rMDaz0DMuNpgIXfevjMaFhfjOKWVqeDc0hEvISwZkTbTfOu60U8mbeV-l4u4GXBGse2PTzXs9fIhF_0qn7QZ_WrwGNQeTbvaZ409qAG4nbV-q0aec7jRVfnB82YXxV_Y1yNP2c95z_o02w5gdmYEak6Dyf9v22n4V1t9BO9BsE41oxjtWrpZPWo6TXvKp7uIvVz8q6bWnHgyVJOWm4H-MLVXKS3Gr2AK5hXAGHTg7ChvVraEpiWhC1A3cIg2qN-sQc0khvemD5slckrwKPl1eKqtx_z3t4xP3YgNFRpykTqvajRLlvQWd326vMz-h4N6WUqMVCqzR87X7mMiA0wa2-DCRW3OlE-xVtBx1mP8xqVdv8P8xWzgXsdW_VlI-yoikQh9e6cmWTQEeKGUg8B0iiDIbkMVqBjwK4FZD2zGKby_yMM1W7pLHobAmJ7KceN56VrHTpG4q2FqCqK1k8n0MHom_Arq9zrJnOes6TJ7kKH32EpfLO7NhM6LuDzKd8vbPD4uXSHsVelZM2jTNH7yxV-Bi7UR6-fdUPZxqSSjtJApPEFr0jCblAix072wWj8AuOkjzCF23__Dw';

/** The default scenario's links at schema v13 (the commitment ladder joins the scenario), frozen. */
const FROZEN_V13_DEFAULT_SHORT_HASH = 's=2.13-seedTeam.i66ujQUA';
const FROZEN_V13_DEFAULT_HASH =
  's=1.jVfbcts2EP0VDZ9ZjaiLLeutsZ3UTdxo7CSdjiYPELmSUIMAByStOJ58Rz-oP9azIMGLJLvRC8Xdxe7i4GB3-Rzk8Y5S8YVsLo0OFtEkDLRIKVgEfxr7QMmAvok0U7QYRKNfMpgZPShIpOFgPBr8bdb54N9_BuPpYMfP-eDd8nMehEECnzoJFs9BahJ2xpaQ82NJ9tboYhcsxqMw2JnSsuh3s4ZgGgbbrGze52GwJ3pQT-8gDBarrz94gZXfjXYuIJuchQHncykysZZKFk-QhUFskLQUOubg2mhC8JzU5k0plcsrhn0M68ozAnnBvfxOyRt4CWypeFmd0D3ZR7LONHd_l1bGdKlhOR65H5CjYg_U3loRFw7O0TAaw74wVmypKx7NwmAji49lcSjNzJ7sHRXWQA_3CP1-DyWDmlmKpWDrv0hY5A17S7lMSqF6QcMgFVIXpBkBr4EnXuYCAWgX6FZ8e7_v7C4aDZGwU70p86eebt6obhJFPRUQz0pAHQ3xjxTFBcABmD5_HPZoiJOKjTKx24DX1FQ4Z_iwOwN3jD3ogz0B_czKR1HQ0hgVLDZC5dSTfcAZ6JyPAd5wlrW7yQzucqkMJdebDVIhHcPtaDh1CBt1KD8PgzVT4wOJ5JNMydNLl0qBdJZ0waxBZHfmzdZ_A30ZNYQ75klZgJDf3XY5xgyOMiWKjbHpgTNkXnsaDzlDS6ks0z6PID9weM4ed09rKx2l1wIMlxq5uytn9poSIOjFFdN5Q440nGZyJfPYlLpHwjF7NbjqLg6WPAekt3BAtkq2ItGs5nxfV-1izPDXeFzXendNwEupvQSuHVUZ3I9Z3smhxelQnlNRZhwkv3NHwrerES0bcHkXXc3Hfb014LW_wcWwtszc9rrgs__9WyFVaWlpzbouKL4aVfcT9TJ-yAxul_PzKJSLgKPjG1qA-u79tiLwAhcNYBfC9sXIu2P8a1mYFHDHDSLtip4Oyzze1Y7J1vl6x6DdCxY9R446bZG8NHnhTjoxKWLLeHnEQE44kbi8lBwrObFG_bnP0jNE2khXiTgCaMEXzFXPK4qZmccFyrGnMbvfiQxrG-oKRV-EKl9ePpygDCU1t--Q06kSyDUf2_4iCeU1QOnRJgU4jItQcl3RnzNmft4zlSqKV52KuexJeqhk9vMiRrXF37UKvjXtwtMG6COm4BucEyWw55SKnTXldpeVrgyVWhZ8sp9z2pSq4W8FECv_qFp4YR5QHXl9CfRtwT0BMbAlobfkDrxpisPDrraKqr4Wjufu-bXTQYdHnW7lbgeI0DM70bJWk_CsZ3PcwFYjOJr0jF5rZxx6chTa9aNVhOsUDfsBT_cneJnwBi56ti82rNUUyEQTBwuf9fCF1rA6G4Udq14F55CIeA6lZ0TXTXOuq3k4nnWNDr2cwcucLdqyPTxVs1fIhE_0wh_oi_Z14AhUns4OLI8KuzMDcftmh6Uaec7Ced_mlWLMp4pfhK3xc3rg_JU6zSvHWBYxInXl4aT_t-w0vPOLfqLWIBjHmnKszl06Gj08vWZ9w-NZxB8nz7qJFXvuLFWn5XKAF77NeXKjUQv4BvMIIGyyF9aVV0sbAtNiNwWoGywIdri_mAMazRVPTJ82ymQ14MHiYn5xMB_z3N5b3lYgFFRpqkT8XNRYVyXopG139PkZ-xIF6TqRaCj15I-ZrxpGxBqYdafBmPIbHasywVnBprAl5B6Vbv13_RW9gWsdrzrUjTCjKhK51NtTyySDjhBXlJRQII0qGJJLsQp0dNh1gPQ9i2Gq_rcw1LNlYVHbEBDTS9VuSh66Vq5ixKW1UNWXovPpBDoYfeW-sqq5bjzjPkua7NZV-C2GwvfbSzOmdgCfTXh_boLH59It2l6dkjWPMkHtr0b4KbjgRe9edEPp2iSSWq0jUnTGI5Kwa1yRtpJ9MhpfYJx0C1O9eyUShOGMC-lGwmceXP0Z-jl1gj31JVEjSRkR1bx6fO9qQy_3cPn3PDM4E8-hetG1Ejz9NKfaxj81KfPHRJvP6Vm6ye-E2g36mag6cmen_oO1u9dKhpQ471OheN6FCrMZpU01rTqR5wxPaR4GEKD9IPjx4z8';

/** The default scenario's links at schema v14 (term GPU-time may follow a path of its own), frozen. */
const FROZEN_V14_DEFAULT_SHORT_HASH = 's=2.14-seedTeam.i66ujQUA';
const FROZEN_V14_DEFAULT_HASH =
  's=1.jVfbcts2EP0VDZ9ZjaiLLeutsZ3UTdxo7CSdjiYPELmSUIMAByStOJ58Rz-oP9azIMGLJLvxi6zdxe7i4OxFz0Ee7ygVX8jm0uhgEU3DQIuUgkXwp7EPlAzom0gzRYtBNPolg5nRg4JEGg7Go8HfZp0P_v1nMJ4Odvw5H7xbfs6DMEjgUyfB4jlITcLO2BJy_liSvTW62AWL8SgMdqa0LPrdrCFA9G1WNt_nYbAnelBP7yAMFquvP_iAld-Ndi4gm5yFAedzKTKxlkoWT5CFQWyQtBQ65uDaaELwnNTmTSmVyyuGfQzryjMCecG9_E7JG3gJbKn4WJ3QPdlHss40d_8urYzpUsNyPHJ_QI6KPVB7a0VcODhHw2gM-8JYsaWueDQLg40sPpbFoTQze7J3VFgDPdwj9Ps9lAxqZimWgq3_ImGRN-wt5TIpheoFDYNUSF2QZgS8Bp74mAsEoF2gW_Ht_b5zu2g0RMJO9abMn3q6eaO6SRT1VEA8KwF1NMR_pCguAA7A9PnjsUdDvFRslIndBbympsI5w4fbGbhj7EEf3AnoZ1Y-ioKWxqhgsREqp57sA95A5_wM8Ia3rN1NZnCXS2Uoud5skArpGG5Hw6lD2KhD-XkYrJkaH0gkn2RKnl66VAqks6QLZg0iuzdvrv4b6MuoIdwxT8oChPzurssxZnCUKVFsjE0PnCHz2tN4yBlaSmWZ9nkE-YHDc_a4e1pb6Si9FmC41MjdlZzZa0qAoBdXTOcLOdJwmsmVzGNT6h4Jx-zVoNRdHBx5Dkhv4YBslWxFolnN-b6uusWY4a_xuK71rkzAS6m9BK4dVRncj1neyaHF6VCeU1FmHCS_c0_C1dWIlg24fIuu5uO-vhrw2t-gMKwtM3e9Lvjsf_9WSFVaWlqzrhuK70ZVfaJfxg-ZQXU5P49CuQh4Oq7QAtR3328rAi9QaAC7ELYvRt4d41_LwqSAO24QaU_0dDjm8a5uTLbO1zsG7V6w6Dly1Gmb5KXJC_fSiUkRW8bLIwZywolE8VJyrOTEGvXnPkvPEGkjXSfiCKAFF5jrnlcUMzOPG5RjT2N2vxMZzlbUBebpsRSICUVfhCpfdjqcoDklNePvkOmpxsiTAGB8kYSmG6AhaZMCMkZLKLmuioLvway9Z4JVxK_mFzPcU_dQyTXBhxjr9lXcAOFaag-eNsB0MQXXdU6UwJ5TKnbWlNtdVrrmVGpZ8Ht_zmlTqobVFUCs_KMa7IV5QM_k8yXexBY8KRADVxJ6S44GzagcHs66VVRNu3A8d59fO3N1eDT_Vq5mQI-e2YlBtpqEZz2b47G2GsHRpGf02pDj0JOj0G5KrSIUWTTsBzw9teBlwhe46Nm-OMZWUyATTRws_NbDFwbG6mwUdqx6fZ1DIuI5lJ4RXTfNu67m4XjWNTr0cgYvc7Zom_nwVCdfIRN-0Qv_oC_a14EjUHk6O7A8avfODMTtmx02cOQ5C-d9m1daNL8q_iJcjT-nB85f6d58coxjESNS9yNO-n-bUcM7f-gneg2Ccawpx-rU0tFC4uk16xsebyj-OXkDTqzY87yp5i-3A3zhas6TG41ewBXMi4GwyV5Y13QtbQhMi91uoG5wINihfrEdNJor3qM-bZTJasCDxcX84mBr5m2-d7ztQGio0lSJ-G2psa479ynb7kL0M_YlGtJ1IjFm6t8D2ASrFUWsgVl3R4wpv9GxKhO8FWwKW0LuUen2fzd1MRu41_GpQ90Im6sikUu9PXVMMugIcUVJCQXSqIIhuRSnQEeHXQdIP7MYpur_FoZ64ywsehsCYqepxk3Jq9jKdYy4tBaquig6P6hAB6Ov3G-vatsbz3j6kia7dR1-i1Xx_fbSjKldy2cTvp_b6_Ej6hZjr07JmkeZoPdXi_0UXPCidy-6oXRtEkmt1hEpOuPFSdg1SqTtZJ-Mxu8yTrqFqb69EgnCcMaFdIviM6-z_g399jrBnfqSqJGkjIhqvnp872pDL_dw-e95ZvAmnkP1oWsleCdqXrWNf2p_5p8YbT6nN-wmvxNqt_5noprInZv6n7Hdu1YypMR5nwrFWzBU2NgobbppNYk8Z3h38zCAAO3PhB8__gM';

/** The default scenario's links at schema v15 (hardware purchase and resale may follow paths of their own), frozen. */
const FROZEN_V15_DEFAULT_SHORT_HASH = 's=2.15-seedTeam.i66ujQUA';
const FROZEN_V15_DEFAULT_HASH =
  's=1.jVfbcts2EP0VDZ9Zja62rLfGdlI3ceOxk3Q6mjxA5EpCDQIckLTiePId_aD-WM-CBG-S3OhF0u5id3H2ipcgi3aUiC9kM2l0sBzPw0CLhIJl8KexjxQP6JtIUkXLwXj0Swoxowc5iSQcTEaDv806G_z7z2AyG-z4ezF4d_c5C8Ighk4dB8uXIDExK2NJ0Pnrjuyt0fkuWE5GYbAzhWXS72YNwiwMtmlR_1-EwZ7oUT2_AzFYrr7-4ANWfjfaqQBtehYG7M-lSMVaKpk_gxYGkYHTUuiIjWujCcYzUps3hVTOrwjyEaRLzTDkCQ_yO8VvoCWwheJjlUMPZJ_IOtHM_byzMqJLDcnJyH2AHOV7oPbWiih3cI6G4wnkc2PFltrkEXDeyPxjkfepqdmTvafcGvChHqbf78FkUFNLkRQs_RcJC78hbymTcSFUx2gYJELqnDQj4DnQxMecIQDtDN2Kb-_3rduNR0M47Fhviuy5w1vUrJtYUYcFxNMCUI-H-EWKohzgAEzvP4I9GiJSkVEmchfwnCoVzhk-3M5AHWOP9MGdgH5q5ZPI6c4YFSw3QmXUoX1ADHTGYYA2xLJSN51DXSaVofh6s4ErpCOoHQ1nDmGj-vTzMFhzanwgEX-SCfn00oVSSDpLOuesgWUX8_rqvyF9GTWYO8yTIkdCfnfXZRtzKEqVyDfGJj1l8LzSNBmyh5YSWSTdPAK9p_CcNe6e11a6lF4LZLjU8N2VnNlrioGgJ5eZzhdyScNuxlcyi0yhO0k4Ya0Gpe7s4MhLQHoLBWRLZ8skmlc53-WVt5gw_BUe1xXflQnyUmpPgWqXqgzuxzRr-dDg1KdnlBcpG8nuXUi4umrSXQ0u36LN-bivrga89jcoDGuL1F2vDT7r378VUhWW7qxZVw3Fd6OyPtEvo8fUoLqcniehnAWEjis0R-q7_7dlAi9RaAA7F7ZLht8t4V-L3CSAO6oRaU50eDjm8S5vTLby1ytG2p2Q6ChyqdM0yUuT5S7SsUlgW0Z3BxnIDscSxUvxIZMdq9mfu1l6Bksb6ToRW0BacIG57nlFEWfmYYNy2VOLPexEirNl6gLz5JC6EzbeCw5bnwMshTpJ_yJUcdqN4RTtLK5q5B53O9ZKeXYAvi-S0KYDtDBtEoDM-Aol12UZ8c05zx84JctSKSce14RP9j6Tq4gPcXSaOLqRw9XXHDwugHlkcu4EGVEMeXYp31lTbHdp4dpZoWXOGfI5o02h6jooAWLmH-UqkJtHdFk-XyCKNufZAhu4ktBbcolTD9dhfzquxuV8DCcL9_21NYmHBxNz5aoMCdUROzL6VtPwrCNzOAhXIyiadoReG4tsenpg2s211RhlOR52DR6fc9Ay5QtcdGRPDr7VDMiMpw4WjvXwxIhZnY3CllRnErBJWDwH02dEW00d19UinMzbQn0tZ9CyYImm_Q-P9f4VPOGIXviAnpSvDI-RyrN5T_JgQDgxJG5XrN_y4ec8XHRlXmnqHFV8xrgaf896yl_p93xygmNjRqTqYOz0_7avOu_8oZ_oNTDGtmZsq1VLByuMT695V_Bwp_Hh5J05tmLPE6qc2NwO8IerOYtvNHoBVzCvElUTLZvVhpBpkdsm1A0OBDvUL_aJmnPFm9enjTJpBXiwvFhc9PZs3v87x5sOhIYqTemI369q6arXH5Ntr1A_I1-gIV3HEoOpekFgdyyXGrEGZu2tMqLsRkeqiBEryOS2AN2j0u7_bk5jNnCv41N93gi7riKRSb09dkwy6DBxRXEBBtwojcG5BKeQjg67FpB-ZjFM5e8GhmpHzS16GwxiCyrHTcHL28p1jKiwFqyqKFpPMKSD0VfutVbuh5M5z2vSZLeuw2-xXL7fXpoJNYv8fMr3cy8BPLtuMfYql6x5kjF6f_kUmCEXPOndSTWUrE0sqeG6RBqf8aol7Bol0nSyT0bjJcdONzBVt1cihhn2OJdutXzhBdjH0O-7U9ypSxnXlIQRUfVfj-99JejpHi7_P0sNYuJzqDp0rQRvUXVUG_vHNm5-lDT-HN_Ja_-OsN2DIRXlRG7d1D9823ctaXCJ_T5mivdmsLDjUVJ303IS-Zzhbc_DgARoHhY_fvwH';

/** The default scenario's link at schema v2 (with uncertainty ranges), frozen. */
const FROZEN_V2_DEFAULT_HASH =
  's=1.hVXbcts2EP0VDZ5ZDkldrOitcZo0Td1o4nFnOpw8QCQkoSYBDghYdTz-jn5QfixnQVISJNnRi6TdxdnbwcETa4utqPnfwrRSK7bIIqZ4LdiC3QpRjpIkWYzS5JcGfq1GVvA6GmXJ6F-9akff_x9lk9GWvuejD8u7lkWsBJgq2eKJ1bokGIqEnb6WwtxoZbfIkkRsq50h0x96BcMkYpvG7f_PI7YT4r56_AAjW-Rfn-mAkd-08hCwjWcRo3quecNXspL2EbaIFbpuKslVQcmVVgLJW1Gt3zpZ-boKxBeI7pCRqM97K8yDMN7S-p9LIwtxrQCbYQz4YDTC7rS5f294Yf24kjjFxFqrDd-IY3Myjdha2s_OnlobvRPmi7BGww94pP60g5Nm1xhRSE7R_whuUB7ijWhl6XgVJI1YzaWyQlGjgwdIdMwnwjx9ohv-36fdUXdpEqNg73rr2sfAN9-7PpaVCFwYbOMw0TTGL1GJwmI4GOJQP3aaxFhIoStd-AYGT7_xKxofutOAw0RRvkJP2E1j5AO3Yql1xRZrXrUisP2JHaiW1gA0rKyHG08TMMIIZWmliPeb2hf8O7hFvSLn-XadBVu--SKp6imAmorbtTb1CRjy9UhZTJszopauDrcP-wngFSFuH1dGer6tOOgnlbjp7oPeKVGi78Hc0VC5qvKrpjLLd7IttFMBdTJC1biHPg-OPDGhNgAQpiu2W_20Z2ro67rIpod5_Nb7PbnBJqkGC6A9wWi4n5v2qIbDnE7trbCuoSTtTbdX0pGDcbkfL_WB4ew-grvGuMb3cjxpAtu957JyRiyNXvVXe9CF7gpBsor7RuMCeJwHXvk02BNdIgt2BrXgLmCylpvQjBKPgn91VteYbbFv_3Ai8OHYMNyuOWH6egdgcOyFiADI8-QgV9e6tX6tpa6RWxbLM7pRwaXE_RLluZMK27vvQkrOkGktvVhQBomhed87URAHLwhIijGXPQ2_APGSxsypfl7JVQdGyESaW9p7x7tO24lgA3NOnURJOkTdH-bkVZeofDh4OQCSrC1dqxavFeIZSrJbo91m2zivDU5JSxu4a8XaVXuedReOnH91z53V9xAaOu8wJWNJXpEDLXG1EX4x-2ckPn0g8rR7IqJs7r-_Hr058dmjkXsWY2FB2AX1z8fRLIg5fwvyBEDjIOi1l4FSj89Se2nPU9A-jcOEl6UeKGNq4E0Q-6L25xNMJh37sdCu4xf0Op8l0VFUIKuUEhmv4BwYcQyz32s-j7LpcdApygwoc4o4aGl8SUhzVEIbfTMs9MX4PnEKKk-mJ5FnauvDQNww7Fw_Uek0modRr8gm7RWfFM3R9-QE_hVFpZMZjqU0k14j4p8KRE873JbS8B0pb_fs0DXEn-fnHw';

/** The default scenario as every link made before schema v10 opens: in the accounting view, noted. */
const ACCOUNTING_DEFAULT: Scenario = {
  ...defaultScenario,
  finance: { ...defaultScenario.finance, costView: 'accounting' },
};
const OPENED_BEFORE_V10 = { ok: true, scenario: ACCOUNTING_DEFAULT, notes: ['accountingView'] };

describe('share-link codec', () => {
  it('round-trips every preset exactly, numbers included', () => {
    for (const [name, s] of Object.entries(presets)) {
      const decoded = decodeScenarioHash(`#${encodeScenarioHash(s)}`);
      expect(decoded.ok, name).toBe(true);
      if (decoded.ok) {
        expect(decoded.scenario).toEqual(s);
        expect(evaluate(decoded.scenario).strategies.platform.monthlyCny).toBe(
          evaluate(s).strategies.platform.monthlyCny,
        );
      }
    }
  });

  it('encodes the default scenario to a frozen short link (no change from its frozen base), which decodes to it', () => {
    expect(encodeScenarioHash(defaultScenario)).toBe(FROZEN_V15_DEFAULT_SHORT_HASH);
    expect(decodeScenarioHash(FROZEN_V15_DEFAULT_SHORT_HASH)).toEqual({
      ok: true,
      scenario: defaultScenario,
    });
    // The v14 short link opens as the same default: v15's hardware is bought and sold as v14's.
    expect(decodeScenarioHash(FROZEN_V14_DEFAULT_SHORT_HASH)).toEqual({
      ok: true,
      scenario: defaultScenario,
    });
    // The v13 short link opens as the same default: v14's terms follow the on-demand path.
    expect(decodeScenarioHash(FROZEN_V13_DEFAULT_SHORT_HASH)).toEqual({
      ok: true,
      scenario: defaultScenario,
    });
    // The v12 short link opens as the same default: v13 adds the ladder at its defaults.
    expect(decodeScenarioHash(FROZEN_V12_DEFAULT_SHORT_HASH)).toEqual({
      ok: true,
      scenario: defaultScenario,
    });
    expect(decodeScenarioHash(FROZEN_V11_DEFAULT_SHORT_HASH)).toEqual({
      ok: true,
      scenario: defaultScenario,
    });
    // The v10 link opens as the same default: v11 adds the energy factors, no cost moves.
    expect(decodeScenarioHash(FROZEN_V10_DEFAULT_SHORT_HASH)).toEqual({
      ok: true,
      scenario: defaultScenario,
    });
  });

  it('still opens the v9 default short link as the default in the accounting view it was priced in, saying so', () => {
    expect(decodeScenarioHash(FROZEN_V9_DEFAULT_SHORT_HASH)).toEqual(OPENED_BEFORE_V10);
  });

  it('still opens the v8 default short link as the default (schema v9 gives it the steady price path it had)', () => {
    expect(decodeScenarioHash(FROZEN_V8_DEFAULT_SHORT_HASH)).toEqual(OPENED_BEFORE_V10);
  });

  it('still opens the v7 default short link as the default (schema v8 adds the leasing rate at 13 %, its VAT view off)', () => {
    expect(decodeScenarioHash(FROZEN_V7_DEFAULT_SHORT_HASH)).toEqual(OPENED_BEFORE_V10);
  });

  it('still opens the v6 default short link as the default (schema v7 marks its 8 GPUs as the rule’s)', () => {
    expect(decodeScenarioHash(FROZEN_V6_DEFAULT_SHORT_HASH)).toEqual(OPENED_BEFORE_V10);
  });

  it('still opens the v5 default short link as the default (schema v6 adds only an empty training plan)', () => {
    expect(decodeScenarioHash(FROZEN_V5_DEFAULT_SHORT_HASH)).toEqual(OPENED_BEFORE_V10);
  });

  it('still opens the whole-scenario links of the v5–v15 defaults exactly as before (older ones in the accounting view), and still writes one', () => {
    expect(decodeScenarioHash(FROZEN_V5_DEFAULT_HASH)).toEqual(OPENED_BEFORE_V10);
    expect(decodeScenarioHash(FROZEN_V6_DEFAULT_HASH)).toEqual(OPENED_BEFORE_V10);
    expect(decodeScenarioHash(FROZEN_V7_DEFAULT_HASH)).toEqual(OPENED_BEFORE_V10);
    expect(decodeScenarioHash(FROZEN_V8_DEFAULT_HASH)).toEqual(OPENED_BEFORE_V10);
    expect(decodeScenarioHash(FROZEN_V9_DEFAULT_HASH)).toEqual(OPENED_BEFORE_V10);
    expect(decodeScenarioHash(FROZEN_V10_DEFAULT_HASH)).toEqual({ ok: true, scenario: defaultScenario });
    expect(decodeScenarioHash(FROZEN_V11_DEFAULT_HASH)).toEqual({ ok: true, scenario: defaultScenario });
    expect(decodeScenarioHash(FROZEN_V12_DEFAULT_HASH)).toEqual({ ok: true, scenario: defaultScenario });
    expect(decodeScenarioHash(FROZEN_V13_DEFAULT_HASH)).toEqual({ ok: true, scenario: defaultScenario });
    expect(decodeScenarioHash(FROZEN_V14_DEFAULT_HASH)).toEqual({ ok: true, scenario: defaultScenario });
    expect(decodeScenarioHash(FROZEN_V15_DEFAULT_HASH)).toEqual({ ok: true, scenario: defaultScenario });
    expect(encodeFullScenarioHash(defaultScenario)).toBe(FROZEN_V15_DEFAULT_HASH);
  });

  it('opens the frozen v4 default link as the v5 default, every input kept, saying model v3 applies', () => {
    expect(decodeScenarioHash(FROZEN_V4_DEFAULT_HASH)).toEqual({
      ok: true,
      scenario: ACCOUNTING_DEFAULT,
      notes: ['modelV3', 'accountingView'],
    });
  });

  it('opens the frozen v3 default link as the current default, numbers identical, keeping its name, saying so', () => {
    const r = decodeScenarioHash(FROZEN_V3_DEFAULT_HASH);
    expect(r).toEqual({
      ok: true,
      scenario: { ...ACCOUNTING_DEFAULT, name: 'Seed 000: 10-person team, 20 jobs × 24 h × 8 GPUs' },
      notes: ['hardwareDefaults', 'vatDefaults', 'modelV3', 'accountingView'],
    });
    if (!r.ok) return;
    expect(evaluate(r.scenario).strategies.rent.monthlyCny).toBe(
      evaluate(defaultScenario).strategies.rent.monthlyCny,
    );
  });

  it('opens the v1 and v2 default links as current scenarios, saying what the upgrade assumed', () => {
    for (const hash of [FROZEN_V1_DEFAULT_HASH, FROZEN_V2_DEFAULT_HASH]) {
      const r = decodeScenarioHash(hash);
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.scenario.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
      expect(r.notes).toContain('ownEfficiencyDefaults');
      expect(r.notes).toContain('hardwareDefaults');
      expect(r.notes).toContain('vatDefaults');
      // The old links priced GPU-time flat for renters; the seed's monthly figures still hold at 0 %.
      const flat = {
        ...r.scenario,
        finance: { ...r.scenario.finance, gpuTimePriceDeclineFractionPerYear: 0 },
      };
      expect(evaluate(flat).strategies.rent.monthlyCny).toBe(57_000);
      expect(evaluate(flat).strategies.platform.monthlyCny).toBe(37_500);
    }
  });

  it('keeps preset links under the 2,000-character warning length', () => {
    for (const s of Object.values(presets))
      expect(encodeScenarioHash(s).length).toBeLessThan(LINK_WARN_LENGTH);
  });

  it('round-trips random valid scenarios', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const decoded = decodeScenarioHash(encodeScenarioHash(s));
        expect(decoded.ok).toBe(true);
        if (decoded.ok) expect(decoded.scenario).toEqual(s);
      }),
      { numRuns: 200 },
    );
  });

  it('reports what is wrong with damaged links', () => {
    expect(decodeScenarioHash('')).toMatchObject({ ok: false, error: 'empty' });
    expect(decodeScenarioHash('#s=9.abc')).toMatchObject({ ok: false, error: 'unknownFormat' });
    expect(decodeScenarioHash('#s=1.@@@')).toMatchObject({ ok: false, error: 'badEncoding' });
    expect(decodeScenarioHash('#s=1.AAAAAAAA')).toMatchObject({ ok: false, error: 'badCompression' });
    const truncated = FROZEN_V3_DEFAULT_HASH.slice(0, FROZEN_V3_DEFAULT_HASH.length - 40);
    expect(decodeScenarioHash(truncated).ok).toBe(false);
  });

  it('names the field when a link decodes to an invalid scenario', () => {
    const bad = { ...defaultScenario, horizonMonths: 999 };
    const decoded = decodeScenarioHash(encodeScenarioHash(bad));
    expect(decoded).toMatchObject({ ok: false, error: 'invalid' });
    if (!decoded.ok) expect(decoded.issues.map((i) => i.path)).toContain('horizonMonths');
  });

  it('refuses a small link that inflates far beyond the JSON limit, after reading only the start of it', () => {
    // A JSON string of 10× the limit in spaces deflates to a link of about 30,000 characters.
    const json = `{"name":"${' '.repeat(MAX_JSON_BYTES * 10)}"}`;
    const compressed = deflateSync(strToU8(json), { level: 9 });
    const hash = `s=1.${Buffer.from(compressed).toString('base64url')}`;
    const push = vi.spyOn(Inflate.prototype, 'push');
    try {
      expect(decodeScenarioHash(hash)).toEqual({ ok: false, error: 'tooLarge', issues: [] });
      const pushed = push.mock.calls.map(([chunk]) => chunk.length);
      expect(Math.max(...pushed)).toBeLessThanOrEqual(1_024);
      // Reading stopped once the output passed the limit: most of the link was never inflated.
      expect(pushed.reduce((a, b) => a + b, 0)).toBeLessThan(compressed.length / 2);
    } finally {
      push.mockRestore();
    }
  });

  it('still decodes a link whose compressed data spans several 1 KB slices', () => {
    // Full-precision irregular values barely compress: a few kB of deflated data.
    const weekly = Array.from({ length: 104 }, (_, i) => Math.abs(Math.sin(i + 1)) * 1_000);
    const long: Scenario = {
      ...defaultScenario,
      demand: { ...defaultScenario.demand, mode: 'weekly', weeklyGpus: weekly },
    };
    const hash = encodeFullScenarioHash(long);
    const compressedBytes = Buffer.from(hash.slice(hash.indexOf('.') + 1), 'base64url').length;
    expect(compressedBytes).toBeGreaterThan(2 * 1_024);
    expect(decodeScenarioHash(hash)).toEqual({ ok: true, scenario: long });
  });

  it('tells a hash with a scenario from one without', () => {
    expect(hasScenarioHash('#s=1.x')).toBe(true);
    expect(hasScenarioHash('#about')).toBe(false);
    expect(hasScenarioHash('')).toBe(false);
  });

  it('never throws on 10,000 random and mutated links, and always yields a scenario or an error', () => {
    const valid = encodeScenarioHash(presets.growingCompany!);
    const mutated = fc
      .tuple(fc.nat({ max: valid.length - 1 }), fc.string({ maxLength: 6 }), fc.nat({ max: 8 }))
      .map(([at, insert, cut]) => valid.slice(0, at) + insert + valid.slice(at + cut));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          mutated,
          fc.string().map((s) => `s=1.${s}`),
          fc.string().map((s) => `s=2.5-steadyLab.${s}`),
          fc.string().map((s) => `s=2.${s}`),
        ),
        (hash) => {
          const r = decodeScenarioHash(hash);
          expect(
            r.ok ? r.scenario.schemaVersion === CURRENT_SCHEMA_VERSION : typeof r.error === 'string',
          ).toBe(true);
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
