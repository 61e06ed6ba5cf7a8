// Generated from the served /openapi.json by `npm run client:generate`; do not edit.

export interface paths {
    "/stock-symbols": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stock symbols
         * @description Every listed company with its NSE symbol, ISIN, BSE code, series and listing status. Plans: every plan, Basic included.
         */
        get: operations["stockSymbols"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company-profile/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Company profile
         * @description Master data of one company: names and codes, listing, face value, sector and industry, status and former symbols. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["companyProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stock-search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Company search by sector or industry
         * @description Companies in a sector or industry (matched by code or name, case-insensitive), largest first. Plans: every plan, Basic included.
         */
        get: operations["stockSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financials/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Financial statements
         * @description Profit and loss (8+ years), balance sheet (up to 7 years) or cash flow (4 years), standalone or consolidated, annual or quarterly, newest period first. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["financials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segment-revenue/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Revenue by segment
         * @description Revenue and result by business segment with each segment’s share of revenue, newest period first. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["segmentRevenue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ratios/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Financial ratios
         * @description 500+ ratios per fiscal year, newest first, by category: gr growth, pr profitability, lq liquidity, lv leverage, ef efficiency, va valuation, ps per share, cf cash flow, bk banking, cs common size. A ratio whose inputs are missing or whose denominator is zero is null. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["ratios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/financial-metrics/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Key financial metrics
         * @description The headline metrics of the latest fiscal year: growth, margins, returns, leverage and valuation. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["financialMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/basic-financials/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Basic financials
         * @description Key figures per fiscal year, newest first (rupees crore; eps and dps in rupees; shares in units). Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["basicFinancials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily quote
         * @description Latest end-of-day quote for one or more symbols: repeat the parameter (symbol=ITC&symbol=RELIANCE), up to 50. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["quote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/daily-quotes/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Historical prices, raw and adjusted
         * @description Daily quotes in a date range, oldest first: raw prices as traded, and prices adjusted for splits, bonuses and rights (adj*), with a dividend-adjusted close. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["dailyQuotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/daily-price-ratios/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily price ratios
         * @description P/E, P/B, P/S, EV/EBITDA, yields and market cap for each trading day, against the latest annual results filed by then. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["dailyPriceRatios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/annual-price-ratios/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Annual price ratios
         * @description Price ratios per fiscal year at the year-end close, with P/E at the year’s high and low. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["annualPriceRatios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/peers/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Peers
         * @description Active companies in the same industry (default) or sector, largest market capitalisation first. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["peers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shareholdings/declaration/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Shareholding declaration
         * @description The company’s declarations with the pattern (pledges, locked-in shares, depository receipts…). `period=quarterly` gives every quarter and `period=annual` one a year (the fiscal year's last quarter held), newest first, as a list; a quarter end (YYYY-MM-DD, in `period` or `date`) gives that quarter. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["shareholdingsDeclaration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shareholdings/overall-summary/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ownership structure
         * @description Promoter, public and non-promoter non-public shares in the quarter. `period=quarterly` gives every quarter and `period=annual` one a year (the fiscal year's last quarter held), newest first, as a list; a quarter end (YYYY-MM-DD, in `period` or `date`) gives that quarter. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["shareholdingsOverallSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shareholdings/axis-summary/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Shareholding pattern
         * @description Holdings by axis: promoter, FPI, DII, government, public, employee trusts. `period=quarterly` gives every quarter and `period=annual` one a year (the fiscal year's last quarter held), newest first, as a list; a quarter end (YYYY-MM-DD, in `period` or `date`) gives that quarter. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["shareholdingsAxisSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shareholdings/ownership/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current ownership
         * @description The full pattern of the quarter in SEBI categories, with holder counts. `period=quarterly` gives every quarter and `period=annual` one a year (the fiscal year's last quarter held), newest first, as a list; a quarter end (YYYY-MM-DD, in `period` or `date`) gives that quarter. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["shareholdingsOwnership"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shareholdings/ownership-history/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ownership history
         * @description The main categories for every quarter, newest first. `period=quarterly` gives every quarter and `period=annual` one a year (the fiscal year's last quarter held), newest first; a quarter end (YYYY-MM-DD, in `period` or `date`) gives that quarter. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["shareholdingsOwnershipHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shareholdings/beneficial-owners/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Significant beneficial owners
         * @description Significant beneficial owners declared for the quarter, largest first. `period=quarterly` gives every quarter and `period=annual` one a year (the fiscal year's last quarter held), newest first; a quarter end (YYYY-MM-DD, in `period` or `date`) gives that quarter. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["shareholdingsBeneficialOwners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shareholdings/category-axis-summary/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Holdings by category
         * @description Every SEBI category with its parent axis, percentage, shares and holders. `period=quarterly` gives every quarter and `period=annual` one a year (the fiscal year's last quarter held), newest first, as a list; a quarter end (YYYY-MM-DD, in `period` or `date`) gives that quarter. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["shareholdingsCategoryAxisSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/corporate-actions/{corp_action}/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Corporate actions
         * @description Corporate actions of one kind (or all), newest first, with ex, record and book-closure dates. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["corporateActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dividend/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dividends
         * @description Every dividend, newest first, with totals per fiscal year (April–March, named by the ending year). Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["dividend"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commodity-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Commodity list
         * @description Commodity and raw-material series with monthly prices, optionally of one category. Plans: every plan, Basic included.
         */
        get: operations["commodityList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commodity-price/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Commodity prices
         * @description Monthly prices of one commodity, oldest first (months as YYYY-MM-01). Plans: every plan, Basic included.
         */
        get: operations["commodityPrice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commodity-pct-change/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Commodity price changes
         * @description Change of the latest monthly price against 1, 3 and 6 months and 1, 3, 5 and 10 years before, in %. Plans: every plan, Basic included.
         */
        get: operations["commodityPctChange"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commodity-futures-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Commodity futures list
         * @description Commodities with futures prices from the exchange’s daily bhavcopy (MCX): units, the days held and the contracts on the latest day. Plans: every plan, Basic included.
         */
        get: operations["commodityFuturesList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commodity-futures/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Commodity futures prices
         * @description Daily futures prices of one commodity, one row per contract (expiry) and trading day, as the exchange’s bhavcopy reports them: the latest day’s contracts by default, one day with `date`, or a range with `from`/`to`; `expiry` keeps one contract. Prices are in the series’ unit; open, high and low are null on a day the contract did not trade. Plans: every plan, Basic included.
         */
        get: operations["commodityFutures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/holidays-calender": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exchange holidays
         * @description Trading holidays per exchange and segment (CM equities, FO derivatives, CD currency, COM commodities). The path keeps its published spelling. Plans: every plan, Basic included.
         */
        get: operations["holidaysCalender"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/superinvestors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Superinvestors
         * @description Investors whose disclosed portfolios are tracked, with the size and quarter of their latest portfolio. Plans: every plan, Basic included.
         */
        get: operations["superinvestors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/superinvestor-portfolio/{investor_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Superinvestor portfolio
         * @description One investor’s disclosed holdings in a quarter, largest first. Paid plans. Plans: paid plans only (Individual, Professional, Enterprise).
         */
        get: operations["superinvestorPortfolio"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/superinvestor-holders/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Superinvestors holding a company
         * @description Tracked investors holding the company in their latest disclosed portfolio. Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).
         */
        get: operations["superinvestorHolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Freshness of each data set
         * @description Per data set: its latest data date, the last successful sync and its source, the next scheduled run, and `late: true` with a finding when it is staler than its schedule allows (for example no bhavcopy by 21:00 IST on a trading day). Any valid key; not counted against the rate limit; never cached. Plans: every plan, Basic included.
         */
        get: operations["dataStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description RFC 9457 problem details (application/problem+json) */
        Problem: {
            /** @description URI reference identifying the problem type */
            type: string;
            /** @description Short summary of the problem type */
            title: string;
            /** @description HTTP status code */
            status: number;
            /** @description Explanation of this occurrence */
            detail: string;
            /** @description Stable machine-readable error code */
            code: string;
            /** @description Identifier of the request; quote it to support */
            request_id: string;
            /** @description For 400: the offending parameter */
            param?: string;
        };
    };
    responses: {
        /** @description Missing or invalid parameter (param names it). Body: application/problem+json. The rate-limit fields are present once the key has been accepted. */
        Problem400: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No valid API key. Body: application/problem+json. The rate-limit fields are present once the key has been accepted. */
        Problem401: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Valid parameters, but no data can be produced. Body: application/problem+json. The rate-limit fields are present once the key has been accepted. */
        Problem402: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The key’s plan does not allow this request, or plain HTTP was used. Body: application/problem+json. The rate-limit fields are present once the key has been accepted. */
        Problem403: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Unknown symbol or code. Body: application/problem+json. The rate-limit fields are present once the key has been accepted. */
        Problem404: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Rate limit exceeded; see Retry-After. Body: application/problem+json. The rate-limit fields are present once the key has been accepted. */
        Problem429: {
            headers: {
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Server error; details hidden. Body: application/problem+json. The rate-limit fields are present once the key has been accepted. */
        Problem500: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The key’s limit (IETF draft field): "per-minute";q=<calls>;w=60 */
        "RateLimit-Policy": string;
        /** @description Calls left and seconds until the window resets (IETF draft field): "per-minute";r=<left>;t=<s> */
        RateLimit: string;
        /** @description Calls allowed per minute for this key */
        "X-RateLimit-Limit": number;
        /** @description Calls left in the current minute */
        "X-RateLimit-Remaining": number;
        /** @description Unix time (seconds) when the minute’s window resets */
        "X-RateLimit-Reset": number;
        /** @description Seconds until the next call will be accepted */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    stockSymbols: {
        parameters: {
            query?: {
                /**
                 * @description Listing status
                 * @example active
                 */
                status?: "active" | "suspended" | "delisted";
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [],
                     *       "meta": {
                     *         "asOf": "",
                     *         "source": "",
                     *         "dataVersion": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string;
                            /** @description Company name */
                            name: string;
                            /** @description ISIN */
                            isin: string;
                            /** @description BSE scrip code */
                            bseCode: string | null;
                            /** @description NSE series */
                            series: string;
                            /**
                             * @description Listing status
                             * @enum {string}
                             */
                            status: "active" | "suspended" | "delisted";
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    companyProfile: {
        parameters: {
            query?: {
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description Company name */
                            name: string;
                            /** @description ISIN */
                            isin: string;
                            /** @description BSE scrip code */
                            bseCode: string | null;
                            /** @description NSE series */
                            series: string;
                            /** @description Listing date */
                            listingDate: string | null;
                            /** @description Face value per share, rupees */
                            faceValue: number | null;
                            /** @description Paid-up value per share, rupees */
                            paidUpValue: number | null;
                            /** @description Market lot */
                            marketLot: number;
                            /** @description Sector */
                            sector: string | null;
                            /** @description Sector code */
                            sectorCode: string | null;
                            /** @description Industry */
                            industry: string | null;
                            /** @description Industry code */
                            industryCode: string | null;
                            /**
                             * @description Listing status
                             * @enum {string}
                             */
                            status: "active" | "suspended" | "delisted";
                            /** @description Delisting date */
                            delistedOn: string | null;
                            /** @description Statement layout: general, bank, nbfc or insurance */
                            layout: string;
                            /** @description Publishes consolidated statements */
                            hasConsolidated: boolean;
                            /** @description Shares outstanding */
                            sharesOutstanding: number | null;
                            /** @description True for generated sample companies */
                            synthetic: boolean;
                            /** @description True when the figures are illustrative */
                            illustrative: boolean;
                            formerSymbols: {
                                /** @description Former symbol */
                                symbol: string;
                                /**
                                 * Format: date
                                 * @description Date of change (ISO date YYYY-MM-DD)
                                 */
                                changedOn: string;
                            }[];
                        };
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    stockSearch: {
        parameters: {
            query: {
                /** @description Search by sector or by industry */
                group: "sector" | "industry";
                /** @description Sector or industry name or code */
                value: string;
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description Company name */
                            name: string;
                            /** @description ISIN */
                            isin: string;
                            /** @description Sector */
                            sector: string | null;
                            /** @description Industry */
                            industry: string | null;
                            /** @description Listing status */
                            status: string;
                            /** @description Market capitalisation at the latest close, rupees crore */
                            marketCap: number | null;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    financials: {
        parameters: {
            query?: {
                /** @description Statement type: s standalone, c consolidated (default; companies without consolidated accounts answer standalone) */
                statement_type?: "s" | "c";
                /** @description Statement: pl profit and loss (default), bs balance sheet, cf cash flow */
                statement_code?: "pl" | "bs" | "cf";
                /** @description Reporting period: annual (default) or quarterly */
                period?: "annual" | "quarterly";
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            /** @description Company name */
                            company: string;
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description s standalone or c consolidated */
                            statementType: string;
                            /** @description pl profit and loss, bs balance sheet, cf cash flow */
                            statementCode: string;
                            /** @description annual or quarterly */
                            period: string;
                            /**
                             * Format: date
                             * @description End of the reporting period (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Fiscal year (April–March), named by its ending year */
                            fiscalYear: number;
                            /** @description Statement layout: general, bank, nbfc or insurance */
                            layout: string;
                            /** @description Date the result was filed, yyyymmdd */
                            result_date: string | null;
                            /** @description Source of the statement */
                            source: string;
                            /**
                             * Format: date
                             * @description Date the figures describe or were published (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        } & {
                            [key: string]: number | string | null;
                        })[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    segmentRevenue: {
        parameters: {
            query?: {
                /** @description Statement type: s standalone, c consolidated (default; companies without consolidated accounts answer standalone) */
                statement_type?: "s" | "c";
                /** @description Reporting period: annual (default) or quarterly */
                period?: "annual" | "quarterly";
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description s or c */
                            statementType: string;
                            /** @description annual or quarterly */
                            period: string;
                            /**
                             * Format: date
                             * @description End of the reporting period (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Business segment */
                            segment: string;
                            /** @description Segment revenue, rupees crore */
                            revenue: number | null;
                            /** @description Segment result, rupees crore */
                            result: number | null;
                            /** @description Share of total revenue in the period, % */
                            sharePct: number | null;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    ratios: {
        parameters: {
            query?: {
                /** @description Statement type: s standalone, c consolidated (default; companies without consolidated accounts answer standalone) */
                statement_type?: "s" | "c";
                /** @description Ratio category; every category when omitted */
                ratio_type?: "gr" | "pr" | "lq" | "lv" | "ef" | "va" | "ps" | "cf" | "bk" | "cs";
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description Company name */
                            company: string;
                            /** @description s or c */
                            statementType: string;
                            /** @description Ratio category asked, or all */
                            ratioType: string;
                            /** @description Fiscal year */
                            fiscalYear: number;
                            /**
                             * Format: date
                             * @description Fiscal year end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Ratio code → value (percentages as numbers, e.g. 23.4 for 23.4 %) */
                            values: {
                                [key: string]: number | null;
                            };
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    financialMetrics: {
        parameters: {
            query?: {
                /** @description Statement type: s standalone, c consolidated (default; companies without consolidated accounts answer standalone) */
                statement_type?: "s" | "c";
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description Company name */
                            company: string;
                            /** @description s or c */
                            statementType: string;
                            /** @description Fiscal year of the metrics */
                            fiscalYear: number;
                            /**
                             * Format: date
                             * @description Fiscal year end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Metric code → value */
                            metrics: {
                                [key: string]: number | null;
                            };
                        };
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    basicFinancials: {
        parameters: {
            query?: {
                /** @description Statement type: s standalone, c consolidated (default; companies without consolidated accounts answer standalone) */
                statement_type?: "s" | "c";
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description Fiscal year */
                            fiscalYear: number;
                            /**
                             * Format: date
                             * @description Fiscal year end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Revenue from operations */
                            revenue: number | null;
                            /** @description Other income */
                            otherIncome: number | null;
                            /** @description Total income */
                            totalIncome: number | null;
                            /** @description Total expenses */
                            expenses: number | null;
                            /** @description EBITDA */
                            ebitda: number | null;
                            /** @description Profit before tax */
                            pbt: number | null;
                            /** @description Tax expense */
                            tax: number | null;
                            /** @description Profit after tax */
                            pat: number | null;
                            /** @description Earnings per share, rupees */
                            eps: number | null;
                            /** @description Dividend per share, rupees */
                            dps: number | null;
                            /** @description Total assets */
                            totalAssets: number | null;
                            /** @description Net worth */
                            netWorth: number | null;
                            /** @description Borrowings */
                            borrowings: number | null;
                            /** @description Cash and equivalents */
                            cash: number | null;
                            /** @description Cash flow from operations */
                            cfo: number | null;
                            /** @description Capital expenditure */
                            capex: number | null;
                            /** @description Free cash flow */
                            fcf: number | null;
                            /** @description Shares outstanding */
                            shares: number | null;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    quote: {
        parameters: {
            query: {
                /** @description NSE symbol, case-insensitive; repeat for several */
                symbol: string[];
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description ISIN */
                            isin: string;
                            /** @description Exchange */
                            exchange: string;
                            /** @description Series */
                            series: string;
                            /**
                             * Format: date
                             * @description Trading day (ISO date YYYY-MM-DD)
                             */
                            date: string;
                            /** @description Open, rupees */
                            open: number;
                            /** @description High, rupees */
                            high: number;
                            /** @description Low, rupees */
                            low: number;
                            /** @description Close, rupees */
                            close: number;
                            /** @description Last traded price, rupees */
                            last: number | null;
                            /** @description Previous close, rupees */
                            prevClose: number | null;
                            /** @description Close minus previous close, rupees */
                            change: number | null;
                            /** @description Change, % */
                            changePct: number | null;
                            /** @description Traded quantity, shares */
                            volume: number;
                            /** @description Traded value, rupees */
                            tradedValue: number | null;
                            /** @description Number of trades */
                            trades: number | null;
                            /** @description Deliverable quantity */
                            deliveryQty: number | null;
                            /** @description Deliverable quantity, % of traded */
                            deliveryPct: number | null;
                            /** @description Source file */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    dailyQuotes: {
        parameters: {
            query?: {
                /** @description First trading day, inclusive; default one year before `to` (or before the latest quote) (YYYY-MM-DD) */
                from?: string;
                /** @description Last trading day, inclusive; default the latest quote (YYYY-MM-DD) */
                to?: string;
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description ISIN */
                            isin: string;
                            /** @description Exchange */
                            exchange: string;
                            /** @description Series */
                            series: string;
                            /**
                             * Format: date
                             * @description Trading day (ISO date YYYY-MM-DD)
                             */
                            date: string;
                            /** @description Open, rupees */
                            open: number;
                            /** @description High, rupees */
                            high: number;
                            /** @description Low, rupees */
                            low: number;
                            /** @description Close, rupees */
                            close: number;
                            /** @description Last traded price, rupees */
                            last: number | null;
                            /** @description Previous close, rupees */
                            prevClose: number | null;
                            /** @description Close minus previous close, rupees */
                            change: number | null;
                            /** @description Change, % */
                            changePct: number | null;
                            /** @description Traded quantity, shares */
                            volume: number;
                            /** @description Traded value, rupees */
                            tradedValue: number | null;
                            /** @description Number of trades */
                            trades: number | null;
                            /** @description Deliverable quantity */
                            deliveryQty: number | null;
                            /** @description Deliverable quantity, % of traded */
                            deliveryPct: number | null;
                            /** @description Source file */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Adjusted open */
                            adjOpen: number;
                            /** @description Adjusted high */
                            adjHigh: number;
                            /** @description Adjusted low */
                            adjLow: number;
                            /** @description Adjusted close */
                            adjClose: number;
                            /** @description Adjusted volume */
                            adjVolume: number;
                            /** @description Cumulative price factor applied to the raw prices */
                            adjFactor: number;
                            /** @description Change against the adjusted previous close (on an ex-date, net of the action) */
                            adjChange: number | null;
                            /** @description Change against the adjusted previous close, % */
                            adjChangePct: number | null;
                            /** @description Close adjusted for dividends too */
                            adjCloseWithDividends: number;
                            /** @description Cumulative dividend factor */
                            dividendFactor: number;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    dailyPriceRatios: {
        parameters: {
            query?: {
                /** @description First trading day, inclusive; default one year before `to` (or before the latest quote) (YYYY-MM-DD) */
                from?: string;
                /** @description Last trading day, inclusive; default the latest quote (YYYY-MM-DD) */
                to?: string;
                /** @description Statement type: s standalone, c consolidated (default; companies without consolidated accounts answer standalone) */
                statement_type?: "s" | "c";
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string | null;
                            /**
                             * Format: date
                             * @description Trading day (ISO date YYYY-MM-DD)
                             */
                            date: string;
                            /** @description Close, rupees */
                            close: number;
                            /** @description Market capitalisation, rupees crore */
                            marketCap: number | null;
                            /** @description Enterprise value, rupees crore */
                            enterpriseValue: number | null;
                            /** @description Price to earnings */
                            priceToEarnings: number | null;
                            /** @description Price to book */
                            priceToBook: number | null;
                            /** @description Price to sales */
                            priceToSales: number | null;
                            /** @description EV to EBITDA (null for banks) */
                            evToEbitda: number | null;
                            /** @description Dividend yield, % */
                            dividendYield: number | null;
                            /** @description Earnings yield, % */
                            earningsYield: number | null;
                            /** @description Fiscal year of the results used */
                            fiscalYear: number | null;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    annualPriceRatios: {
        parameters: {
            query?: {
                /** @description Statement type: s standalone, c consolidated (default; companies without consolidated accounts answer standalone) */
                statement_type?: "s" | "c";
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description Fiscal year */
                            fiscalYear: number;
                            /**
                             * Format: date
                             * @description Fiscal year end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Year-end close */
                            close: number | null;
                            /** @description Year high */
                            high: number | null;
                            /** @description Year low */
                            low: number | null;
                            /** @description Market capitalisation, rupees crore */
                            marketCap: number | null;
                            /** @description Enterprise value, rupees crore */
                            enterpriseValue: number | null;
                            /** @description Price to earnings */
                            priceToEarnings: number | null;
                            /** @description Price to book */
                            priceToBook: number | null;
                            /** @description Price to sales */
                            priceToSales: number | null;
                            /** @description EV to EBITDA (null for banks) */
                            evToEbitda: number | null;
                            /** @description Dividend yield, % */
                            dividendYield: number | null;
                            /** @description Earnings yield, % */
                            earningsYield: number | null;
                            /** @description P/E at the year high */
                            highPriceToEarnings: number | null;
                            /** @description P/E at the year low */
                            lowPriceToEarnings: number | null;
                        } & {
                            [key: string]: number | null;
                        })[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    peers: {
        parameters: {
            query?: {
                /** @description Compare within the industry (default) or the whole sector */
                group?: "industry" | "sector";
                /** @description Most peers to return */
                limit?: number;
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description Company name */
                            name: string;
                            /** @description ISIN */
                            isin: string;
                            /** @description Sector */
                            sector: string | null;
                            /** @description Industry */
                            industry: string | null;
                            /** @description Listing status */
                            status: string;
                            /** @description Market capitalisation at the latest close, rupees crore */
                            marketCap: number | null;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    shareholdingsDeclaration: {
        parameters: {
            query?: {
                /** @description annual or quarterly (the series), or a quarter end (YYYY-MM-DD); default the latest quarter */
                period?: string;
                /** @description A quarter end (YYYY-MM-DD), as period=YYYY-MM-DD */
                date?: string;
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Question → answer */
                            items: {
                                [key: string]: boolean;
                            };
                        } | {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Question → answer */
                            items: {
                                [key: string]: boolean;
                            };
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    shareholdingsOverallSummary: {
        parameters: {
            query?: {
                /** @description annual or quarterly (the series), or a quarter end (YYYY-MM-DD); default the latest quarter */
                period?: string;
                /** @description A quarter end (YYYY-MM-DD), as period=YYYY-MM-DD */
                date?: string;
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Total shares */
                            totalShares: number;
                            /** @description Number of shareholders */
                            shareholders: number | null;
                            /** @description Promoter and promoter group, % */
                            promoterPct: number;
                            /** @description Public, % */
                            publicPct: number;
                            /** @description Non-promoter non-public (employee trusts), % */
                            nonPromoterNonPublicPct: number;
                            /** @description Promoter shares pledged, % */
                            promoterPledgedPct: number | null;
                        } | {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Total shares */
                            totalShares: number;
                            /** @description Number of shareholders */
                            shareholders: number | null;
                            /** @description Promoter and promoter group, % */
                            promoterPct: number;
                            /** @description Public, % */
                            publicPct: number;
                            /** @description Non-promoter non-public (employee trusts), % */
                            nonPromoterNonPublicPct: number;
                            /** @description Promoter shares pledged, % */
                            promoterPledgedPct: number | null;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    shareholdingsAxisSummary: {
        parameters: {
            query?: {
                /** @description annual or quarterly (the series), or a quarter end (YYYY-MM-DD); default the latest quarter */
                period?: string;
                /** @description A quarter end (YYYY-MM-DD), as period=YYYY-MM-DD */
                date?: string;
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            axes: {
                                /** @description Axis */
                                axis: string;
                                /** @description Holding, % of total shares */
                                pct: number | null;
                            }[];
                        } | {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            axes: {
                                /** @description Axis */
                                axis: string;
                                /** @description Holding, % of total shares */
                                pct: number | null;
                            }[];
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    shareholdingsOwnership: {
        parameters: {
            query?: {
                /** @description annual or quarterly (the series), or a quarter end (YYYY-MM-DD); default the latest quarter */
                period?: string;
                /** @description A quarter end (YYYY-MM-DD), as period=YYYY-MM-DD */
                date?: string;
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Total shares */
                            totalShares: number;
                            /** @description Number of shareholders */
                            shareholders: number | null;
                            /** @description Promoter and promoter group, % of total shares */
                            promoterPct: number;
                            /** @description Indian promoters, % of total shares */
                            promoterIndianPct: number | null;
                            /** @description Foreign promoters, % of total shares */
                            promoterForeignPct: number | null;
                            /** @description Promoter shares pledged, % of promoter holding */
                            promoterPledgedPct: number | null;
                            /** @description Promoter holders */
                            promoterHolders: number | null;
                            /** @description Foreign portfolio investors, % of total shares */
                            fpiPct: number | null;
                            /** @description FPI holders */
                            fpiHolders: number | null;
                            /** @description Domestic institutions, % of total shares */
                            diiPct: number | null;
                            /** @description Mutual funds, % of total shares */
                            mutualFundsPct: number | null;
                            /** @description Insurance companies, % of total shares */
                            insurancePct: number | null;
                            /** @description Banks, % of total shares */
                            banksPct: number | null;
                            /** @description Other domestic institutions, % of total shares */
                            otherDiiPct: number | null;
                            /** @description DII holders */
                            diiHolders: number | null;
                            /** @description Government, % of total shares */
                            governmentPct: number | null;
                            /** @description Public (non-institutional), % of total shares */
                            publicPct: number | null;
                            /** @description Retail (up to 2 lakh rupees), % of total shares */
                            retailPct: number | null;
                            /** @description HNI (above 2 lakh rupees), % of total shares */
                            hniPct: number | null;
                            /** @description Other public, % of total shares */
                            otherPublicPct: number | null;
                            /** @description Public holders */
                            publicHolders: number | null;
                            /** @description Employee benefit trusts, % of total shares */
                            employeeTrustPct: number | null;
                        } | {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Total shares */
                            totalShares: number;
                            /** @description Number of shareholders */
                            shareholders: number | null;
                            /** @description Promoter and promoter group, % of total shares */
                            promoterPct: number;
                            /** @description Indian promoters, % of total shares */
                            promoterIndianPct: number | null;
                            /** @description Foreign promoters, % of total shares */
                            promoterForeignPct: number | null;
                            /** @description Promoter shares pledged, % of promoter holding */
                            promoterPledgedPct: number | null;
                            /** @description Promoter holders */
                            promoterHolders: number | null;
                            /** @description Foreign portfolio investors, % of total shares */
                            fpiPct: number | null;
                            /** @description FPI holders */
                            fpiHolders: number | null;
                            /** @description Domestic institutions, % of total shares */
                            diiPct: number | null;
                            /** @description Mutual funds, % of total shares */
                            mutualFundsPct: number | null;
                            /** @description Insurance companies, % of total shares */
                            insurancePct: number | null;
                            /** @description Banks, % of total shares */
                            banksPct: number | null;
                            /** @description Other domestic institutions, % of total shares */
                            otherDiiPct: number | null;
                            /** @description DII holders */
                            diiHolders: number | null;
                            /** @description Government, % of total shares */
                            governmentPct: number | null;
                            /** @description Public (non-institutional), % of total shares */
                            publicPct: number | null;
                            /** @description Retail (up to 2 lakh rupees), % of total shares */
                            retailPct: number | null;
                            /** @description HNI (above 2 lakh rupees), % of total shares */
                            hniPct: number | null;
                            /** @description Other public, % of total shares */
                            otherPublicPct: number | null;
                            /** @description Public holders */
                            publicHolders: number | null;
                            /** @description Employee benefit trusts, % of total shares */
                            employeeTrustPct: number | null;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    shareholdingsOwnershipHistory: {
        parameters: {
            query?: {
                /** @description annual or quarterly (the series), or the last quarter end included (YYYY-MM-DD); default every quarter */
                period?: string;
                /** @description A quarter end (YYYY-MM-DD), as period=YYYY-MM-DD */
                date?: string;
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Promoter, % */
                            promoterPct: number;
                            /** @description Pledged, % of promoter holding */
                            promoterPledgedPct: number | null;
                            /** @description FPI, % of total shares */
                            fpiPct: number | null;
                            /** @description DII, % of total shares */
                            diiPct: number | null;
                            /** @description Mutual funds, % of total shares */
                            mutualFundsPct: number | null;
                            /** @description Government, % of total shares */
                            governmentPct: number | null;
                            /** @description Public, % of total shares */
                            publicPct: number | null;
                            /** @description Shareholders */
                            shareholders: number | null;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    shareholdingsBeneficialOwners: {
        parameters: {
            query?: {
                /** @description annual or quarterly (the series), or a quarter end (YYYY-MM-DD); default the latest quarter */
                period?: string;
                /** @description A quarter end (YYYY-MM-DD), as period=YYYY-MM-DD */
                date?: string;
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Beneficial owner */
                            ownerName: string;
                            /** @description Nationality */
                            nationality: string | null;
                            /** @description Registered owner */
                            registeredOwner: string | null;
                            /** @description Holding, % of total shares */
                            pct: number | null;
                            /** @description Voting rights, % */
                            votingPct: number | null;
                            /** @description Acquired on */
                            acquiredOn: string | null;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    shareholdingsCategoryAxisSummary: {
        parameters: {
            query?: {
                /** @description annual or quarterly (the series), or a quarter end (YYYY-MM-DD); default the latest quarter */
                period?: string;
                /** @description A quarter end (YYYY-MM-DD), as period=YYYY-MM-DD */
                date?: string;
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Total shares */
                            totalShares: number;
                            categories: {
                                /** @description Category */
                                category: string;
                                /** @description Parent category (axis) */
                                parent: string | null;
                                /** @description Holding, % of total shares */
                                pct: number | null;
                                /** @description Shares */
                                shares: number | null;
                                /** @description Holders */
                                holders: number | null;
                            }[];
                        } | {
                            /**
                             * Format: date
                             * @description Quarter end (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Total shares */
                            totalShares: number;
                            categories: {
                                /** @description Category */
                                category: string;
                                /** @description Parent category (axis) */
                                parent: string | null;
                                /** @description Holding, % of total shares */
                                pct: number | null;
                                /** @description Shares */
                                shares: number | null;
                                /** @description Holders */
                                holders: number | null;
                            }[];
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    corporateActions: {
        parameters: {
            query?: {
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description Kind of corporate action */
                corp_action: "dividend" | "bonus" | "split" | "rights" | "buyback" | "demerger" | "other" | "all";
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description dividend, bonus, split, rights, buyback, demerger or other */
                            action: string;
                            /**
                             * Format: date
                             * @description Ex-date (ISO date YYYY-MM-DD)
                             */
                            exDate: string;
                            /** @description Record date */
                            recordDate: string | null;
                            /** @description Book closure start */
                            bookClosureStart: string | null;
                            /** @description Book closure end */
                            bookClosureEnd: string | null;
                            /** @description Purpose as the exchange published it */
                            purpose: string;
                            /** @description Dividend per share, rupees */
                            dividendPerShare: number | null;
                            /** @description interim, final or special */
                            dividendKind: string | null;
                            /** @description Bonus or rights ratio new:held */
                            ratio: string | null;
                            /** @description Face value before a split, rupees */
                            faceValueFrom: number | null;
                            /** @description Face value after a split, rupees */
                            faceValueTo: number | null;
                            /** @description Rights or buyback price, rupees */
                            offerPrice: number | null;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    dividend: {
        parameters: {
            query?: {
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            dividends: {
                                /** @description NSE symbol */
                                symbol: string | null;
                                /** @description dividend, bonus, split, rights, buyback, demerger or other */
                                action: string;
                                /**
                                 * Format: date
                                 * @description Ex-date (ISO date YYYY-MM-DD)
                                 */
                                exDate: string;
                                /** @description Record date */
                                recordDate: string | null;
                                /** @description Book closure start */
                                bookClosureStart: string | null;
                                /** @description Book closure end */
                                bookClosureEnd: string | null;
                                /** @description Purpose as the exchange published it */
                                purpose: string;
                                /** @description Dividend per share, rupees */
                                dividendPerShare: number | null;
                                /** @description interim, final or special */
                                dividendKind: string | null;
                                /** @description Bonus or rights ratio new:held */
                                ratio: string | null;
                                /** @description Face value before a split, rupees */
                                faceValueFrom: number | null;
                                /** @description Face value after a split, rupees */
                                faceValueTo: number | null;
                                /** @description Rights or buyback price, rupees */
                                offerPrice: number | null;
                                /** @description Source */
                                source: string;
                                /**
                                 * Format: date
                                 * @description As-of date (ISO date YYYY-MM-DD)
                                 */
                                asOf: string;
                            }[];
                            byFiscalYear: {
                                /** @description Fiscal year */
                                fiscalYear: number;
                                /** @description Dividends per share in the year, rupees */
                                total: number;
                            }[];
                        };
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    commodityList: {
        parameters: {
            query?: {
                /** @description Category, e.g. monthly_index, energy, metals */
                category?: string;
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Commodity code */
                            code: string;
                            /** @description Name */
                            name: string;
                            /** @description Category */
                            category: string;
                            /** @description Unit of the price */
                            unit: string;
                            /** @description Currency of the price */
                            currency: string;
                            /** @description First month with a price */
                            firstMonth: string | null;
                            /** @description Latest month with a price */
                            lastMonth: string | null;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    commodityPrice: {
        parameters: {
            query?: {
                /** @description First month, inclusive (YYYY-MM-DD) */
                from?: string;
                /** @description Last month, inclusive (YYYY-MM-DD) */
                to?: string;
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description Commodity code from commodity-list, case-insensitive */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            commodity: {
                                /** @description Commodity code */
                                code: string;
                                /** @description Name */
                                name: string;
                                /** @description Category */
                                category: string;
                                /** @description Unit of the price */
                                unit: string;
                                /** @description Currency of the price */
                                currency: string;
                                /** @description First month with a price */
                                firstMonth: string | null;
                                /** @description Latest month with a price */
                                lastMonth: string | null;
                                /** @description Source */
                                source: string;
                                /**
                                 * Format: date
                                 * @description As-of date (ISO date YYYY-MM-DD)
                                 */
                                asOf: string;
                            };
                            prices: {
                                /**
                                 * Format: date
                                 * @description Month (ISO date YYYY-MM-DD)
                                 */
                                month: string;
                                /** @description Price in the unit */
                                price: number;
                            }[];
                        };
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    commodityPctChange: {
        parameters: {
            query?: {
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description Commodity code from commodity-list, case-insensitive */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            commodity: {
                                /** @description Commodity code */
                                code: string;
                                /** @description Name */
                                name: string;
                                /** @description Category */
                                category: string;
                                /** @description Unit of the price */
                                unit: string;
                                /** @description Currency of the price */
                                currency: string;
                                /** @description First month with a price */
                                firstMonth: string | null;
                                /** @description Latest month with a price */
                                lastMonth: string | null;
                                /** @description Source */
                                source: string;
                                /**
                                 * Format: date
                                 * @description As-of date (ISO date YYYY-MM-DD)
                                 */
                                asOf: string;
                            };
                            /** @description Latest monthly price */
                            latest: {
                                /**
                                 * Format: date
                                 * @description Month (ISO date YYYY-MM-DD)
                                 */
                                month: string;
                                price: number;
                            } | null;
                            changes: {
                                /** @description 1m, 3m, 6m, 1y, 3y, 5y or 10y */
                                horizon: string;
                                /**
                                 * Format: date
                                 * @description Month compared against (ISO date YYYY-MM-DD)
                                 */
                                fromMonth: string;
                                /** @description Price then */
                                fromPrice: number;
                                /** @description Change, % */
                                pctChange: number | null;
                            }[];
                        };
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    commodityFuturesList: {
        parameters: {
            query?: {
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Exchange (MCX) */
                            exchange: string;
                            /** @description Commodity symbol as the exchange lists it */
                            symbol: string;
                            /** @description Name, from the exchange’s contract specifications */
                            name: string | null;
                            /** @description Unit the prices are quoted in, e.g. INR per 10 g */
                            unit: string | null;
                            /** @description Unit of the traded quantity, as the exchange names it (KGS, GRMS, BBL, MMBTU) */
                            quantityUnit: string | null;
                            /**
                             * Format: date
                             * @description First trading day held (ISO date YYYY-MM-DD)
                             */
                            firstDate: string;
                            /**
                             * Format: date
                             * @description Latest trading day held (ISO date YYYY-MM-DD)
                             */
                            lastDate: string;
                            /** @description Contracts (expiries) reported on the latest day */
                            contracts: number;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    commodityFutures: {
        parameters: {
            query?: {
                /** @description One trading day; not with from/to (YYYY-MM-DD) */
                date?: string;
                /** @description First trading day, inclusive (YYYY-MM-DD) */
                from?: string;
                /** @description Last trading day, inclusive (YYYY-MM-DD) */
                to?: string;
                /** @description Only the contract expiring on this day (YYYY-MM-DD) */
                expiry?: string;
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description Commodity symbol from commodity-futures-list (e.g. GOLD, CRUDEOIL), case-insensitive */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            series: {
                                /** @description Exchange (MCX) */
                                exchange: string;
                                /** @description Commodity symbol as the exchange lists it */
                                symbol: string;
                                /** @description Name, from the exchange’s contract specifications */
                                name: string | null;
                                /** @description Unit the prices are quoted in, e.g. INR per 10 g */
                                unit: string | null;
                                /** @description Unit of the traded quantity, as the exchange names it (KGS, GRMS, BBL, MMBTU) */
                                quantityUnit: string | null;
                                /**
                                 * Format: date
                                 * @description First trading day held (ISO date YYYY-MM-DD)
                                 */
                                firstDate: string;
                                /**
                                 * Format: date
                                 * @description Latest trading day held (ISO date YYYY-MM-DD)
                                 */
                                lastDate: string;
                                /** @description Contracts (expiries) reported on the latest day */
                                contracts: number;
                                /** @description Source */
                                source: string;
                                /**
                                 * Format: date
                                 * @description As-of date (ISO date YYYY-MM-DD)
                                 */
                                asOf: string;
                            };
                            futures: {
                                /**
                                 * Format: date
                                 * @description Trading day (ISO date YYYY-MM-DD)
                                 */
                                date: string;
                                /**
                                 * Format: date
                                 * @description Expiry of the contract (ISO date YYYY-MM-DD)
                                 */
                                expiry: string;
                                /** @description FUTCOM (commodity) or FUTIDX (index) futures */
                                instrument: string;
                                /** @description Open; null when the contract did not trade */
                                open: number | null;
                                /** @description High; null when the contract did not trade */
                                high: number | null;
                                /** @description Low; null when the contract did not trade */
                                low: number | null;
                                /** @description Close, in the series’ unit */
                                close: number;
                                /** @description Previous close */
                                previousClose: number | null;
                                /** @description Settlement price, when the file gives one */
                                settlement: number | null;
                                /** @description Contracts traded, in lots */
                                volumeLots: number;
                                /** @description Quantity traded, in the series’ quantity unit */
                                volumeQuantity: number | null;
                                /** @description Value traded, in lakh rupees */
                                valueLakhs: number | null;
                                /** @description Open interest at the close, in lots */
                                openInterestLots: number | null;
                                /** @description Quantity per lot (traded quantity over lots); null without trades */
                                lotSize: number | null;
                                /** @description Source file */
                                source: string;
                            }[];
                        };
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    holidaysCalender: {
        parameters: {
            query?: {
                /** @description Calendar year; every year when omitted */
                year?: number;
                /** @description NSE or BSE (any letter case) */
                exchange?: string;
                /** @description Segment: CM, FO, CD, COM… */
                segment?: string;
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Exchange */
                            exchange: string;
                            /** @description Segment */
                            segment: string;
                            /**
                             * Format: date
                             * @description Holiday (ISO date YYYY-MM-DD)
                             */
                            date: string;
                            /** @description Day of the week */
                            weekDay: string;
                            /** @description Occasion */
                            description: string;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    superinvestors: {
        parameters: {
            query?: {
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Investor id, for superinvestor-portfolio */
                            id: string;
                            /** @description Name */
                            name: string;
                            /** @description individual or institution */
                            kind: string;
                            /** @description About the investor */
                            description: string | null;
                            /** @description True for generated sample investors */
                            synthetic: boolean;
                            /** @description Holdings in the latest quarter */
                            holdings: number;
                            /** @description Latest quarter end */
                            latestPeriod: string | null;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    superinvestorPortfolio: {
        parameters: {
            query?: {
                /** @description Quarter end; default the latest */
                period?: string;
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description Investor id from superinvestors */
                investor_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Investor id */
                            investorId: string;
                            /** @description Investor */
                            investorName: string;
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description Company */
                            company: string;
                            /** @description ISIN */
                            isin: string;
                            /**
                             * Format: date
                             * @description Quarter end of the disclosure (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Shares held */
                            shares: number;
                            /** @description Holding, % of the company */
                            pct: number | null;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    superinvestorHolders: {
        parameters: {
            query?: {
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path: {
                /** @description NSE symbol, case-insensitive; a former symbol resolves to the company */
                symbol: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Investor id */
                            investorId: string;
                            /** @description Investor */
                            investorName: string;
                            /** @description NSE symbol */
                            symbol: string | null;
                            /** @description Company */
                            company: string;
                            /** @description ISIN */
                            isin: string;
                            /**
                             * Format: date
                             * @description Quarter end of the disclosure (ISO date YYYY-MM-DD)
                             */
                            periodEnd: string;
                            /** @description Shares held */
                            shares: number;
                            /** @description Holding, % of the company */
                            pct: number | null;
                            /** @description Source */
                            source: string;
                            /**
                             * Format: date
                             * @description As-of date (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    dataStatus: {
        parameters: {
            query?: {
                /** @description Response format: json (default) or csv (one row per record, header line first) */
                format?: "json" | "csv";
                /** @description Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. The example is a real answer to the example request with each list cut to its first 3 items; in the full answer `data` has 10 items. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "dataSet": "prices",
                     *           "schedule": "daily",
                     *           "latestDataDate": null,
                     *           "lastSyncAt": null,
                     *           "lastSyncSource": null,
                     *           "lastAttemptStatus": null,
                     *           "nextRunAt": null,
                     *           "configured": true,
                     *           "late": true,
                     *           "finding": "prices is late: 2026-01-02 was due by 21:00 IST, latest is none"
                     *         },
                     *         {
                     *           "dataSet": "equity-master",
                     *           "schedule": "daily",
                     *           "latestDataDate": null,
                     *           "lastSyncAt": null,
                     *           "lastSyncSource": null,
                     *           "lastAttemptStatus": null,
                     *           "nextRunAt": null,
                     *           "configured": true,
                     *           "late": true,
                     *           "finding": "equity-master is late: 2026-01-02 was due by 21:00 IST, last synced never"
                     *         },
                     *         {
                     *           "dataSet": "corporate-actions",
                     *           "schedule": "daily",
                     *           "latestDataDate": null,
                     *           "lastSyncAt": null,
                     *           "lastSyncSource": null,
                     *           "lastAttemptStatus": null,
                     *           "nextRunAt": null,
                     *           "configured": true,
                     *           "late": true,
                     *           "finding": "corporate-actions is late: 2026-01-02 was due by 21:00 IST, last synced never"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "asOf": "",
                     *         "source": "Bahi data sync",
                     *         "dataVersion": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description prices, equity-master, corporate-actions, market-cap, index-constituents, financial-results, shareholding, commodity-prices, commodity-futures or holidays */
                            dataSet: string;
                            /** @description daily after the close, overnight (MCX's day, fetched the next morning), on filing (filings index polled), monthly, yearly (holiday list, checked monthly for amendments) */
                            schedule: "daily" | "overnight" | "filing" | "monthly" | "yearly";
                            /** @description Latest data date: trading day, ex-date, period end, month or last listed holiday */
                            latestDataDate: string | null;
                            /** @description Last successful sync (UTC) */
                            lastSyncAt: string | null;
                            /** @description Where the last successful sync read from */
                            lastSyncSource: string | null;
                            /** @description Outcome of the last attempt: ingested, unchanged, not-published, failed or refused */
                            lastAttemptStatus: string | null;
                            /** @description Next scheduled run (UTC); null when the sync is off or no source is configured */
                            nextRunAt: string | null;
                            /** @description Whether a source is configured for this data set */
                            configured: boolean;
                            /** @description Staler than its schedule allows */
                            late: boolean;
                            /** @description The quality finding when late */
                            finding: string | null;
                        }[];
                        /** @description Provenance of the response */
                        meta: {
                            /**
                             * Format: date
                             * @description Date of the most recent fact in this response (ISO date YYYY-MM-DD)
                             */
                            asOf: string;
                            /** @description Where the data comes from (exchange file, filing or the labelled sample generator) */
                            source: string;
                            /** @description Version of the data set; changes when data is loaded */
                            dataVersion: number;
                        };
                    };
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            402: components["responses"]["Problem402"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
}
