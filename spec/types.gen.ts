// GENERATED FILE, DO NOT EDIT. Made by `npm run types` from spec/openapi.yaml;
// `npm run types:check` (part of `npm test`) fails when it is stale.
export interface paths {
    "/user/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account
         * @description Public. Payload and response are not shown in the interface document.
         */
        post: operations["signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in and receive an API token
         * @description Public. The response field `data.api_token` is the token to present
         *     afterwards, as `Authorization: Bearer <token>` or `X-API-Token: <token>`.
         *     A user may be signed in on several devices at once, each with its own
         *     token and device token.
         */
        post: operations["signin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/qrcode_signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in a second device by scanning a QR code
         * @description Public. Payload and response are not shown in the interface document.
         */
        post: operations["qrcodeSignin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/forgot_password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a password reset link
         * @description Public. Payload and response are not shown in the interface document.
         */
        post: operations["forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/reset_password/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the token from the reset link
         * @description Public. Method, payload and response are not shown in the interface
         *     document. A password change invalidates every token of the user.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/update_password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a password given the current one
         * @description Listed among the public endpoints (no bearer token), so the account is
         *     named by email and proven by the current password. Payload and response
         *     are not shown in the interface document. A password change invalidates
         *     every token of the user.
         */
        post: operations["updatePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * App settings (support contacts, legal links, versions)
         * @description Public. Method, payload and response are not shown in the interface document.
         */
        post: operations["getSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/countries/index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List countries
         * @description Public. Request body: empty JSON object. The documentation page of this
         *     endpoint also lists the headers `X-API-Token` and `platform` as
         *     required, although the endpoint is public.
         */
        post: operations["listCountries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/how-works/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The "how it works" onboarding steps
         * @description Public. Method, payload and response are not shown in the interface document.
         */
        post: operations["getHowItWorks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out this device
         * @description Invalidates the token presented with the request; the user's other
         *     devices stay signed in. Section 3 names the logout transition but the
         *     interface document shows no logout operation.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscription plans
         * @description Requires authentication. No body. Open to users without an active plan,
         *     who need it to choose one.
         */
        get: operations["listPlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transactions/get_user_current_plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The caller's active plan
         * @description Reports the active plan. Method, payload and response are not shown in
         *     the interface document. `data` is null when the user has no active plan.
         */
        post: operations["getCurrentPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/get_profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The caller's profile
         * @description Method, payload and response are not shown in the interface document.
         */
        post: operations["getProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/get_company_user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * People of the caller's company
         * @description Requires authentication and an active subscription. No body.
         */
        post: operations["listCompanyUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The caller's clients, searched and paged
         * @description Requires authentication and an active subscription. In the interface
         *     document's sample, `per_page` is 20 although `limit` is 10 in the
         *     request. The effect of keyword, page and limit on filtering and page
         *     size is not shown.
         */
        post: operations["listClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/user_client": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clients shared by members of the caller's company
         * @description Requires authentication and an active subscription.
         */
        post: operations["listCompanyClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a client's details
         * @description Requires authentication and an active subscription.
         */
        post: operations["updateClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a client
         * @description Requires authentication and an active subscription.
         */
        post: operations["deleteClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/measurements/awning_measurement_add_edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add or edit an awning measurement
         * @description Requires authentication and an active subscription. Awning measurements
         *     use a separate, smaller shape than the window forms. Failure body:
         *     `{status: "error", message}` (for example `Validation failed`). An awning
         *     saved without `room_id` shows in no room/get (see `room_id`).
         */
        post: operations["addEditAwningMeasurement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/measurements/single_window_photo_add_edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add or edit a single-window-with-photo measurement
         * @description Requires authentication and an active subscription. `id` 0 or absent
         *     adds a record; an existing id edits it.
         */
        post: operations["addEditSingleWindowPhotoMeasurement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/measurements/specialty_window_add_edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add or edit a specialty-shaped window measurement
         * @description Requires authentication and an active subscription. `id` 0 or absent
         *     adds a record; an existing id edits it.
         */
        post: operations["addEditSpecialtyWindowMeasurement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/measurements/series_window_with_draperies_add_edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add or edit a windows-in-series-with-draperies measurement
         * @description Requires authentication and an active subscription. `id` 0 or absent
         *     adds a record; an existing id edits it.
         */
        post: operations["addEditSeriesWindowMeasurement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/room/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Measurement entries of one room of a client
         * @description Requires authentication and an active subscription. One entry is
         *     returned per measurement in the room, so `room_id` repeats.
         */
        post: operations["getRoomMeasurements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/room/get-by-client-id": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rooms of a client
         * @description Requires authentication and an active subscription. The response body
         *     is not shown in the interface document (the sample response is null).
         */
        post: operations["getRoomsByClientId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/room/measurement_type": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List measurement types
         * @description Requires authentication and an active subscription. No body.
         */
        post: operations["listMeasurementTypes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/adminroom/index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List admin room types
         * @description Requires authentication and an active subscription. No body.
         */
        post: operations["listAdminRoomTypes"];
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
        /** @enum {string} */
        Platform: "WEB" | "IOS" | "ANDROID";
        /** @description Error body `{message: string, status: integer}` (section 7). */
        ApiError: {
            message: string;
            /** @description The HTTP status code, repeated in the body. */
            status: number;
        };
        UnlistedError: components["schemas"]["ApiError"];
        /** @description Error body `{status: "error", message: string}` of the awning, country and plan operations (section 7). */
        StatusError: {
            /** @constant */
            status: "error";
            message: string;
        };
        UnauthenticatedError: components["schemas"]["ApiError"] & {
            /** @constant */
            message?: "Unauthenticated.";
            /** @constant */
            status?: 401;
        };
        SubscriptionRequiredError: components["schemas"]["ApiError"] & {
            /** @constant */
            message?: "Subscription required.";
            /** @constant */
            status?: 403;
        };
        TooManyRequestsError: components["schemas"]["ApiError"] & {
            /** @constant */
            message?: "Too many requests. Please try again later.";
            /** @constant */
            status?: 429;
        };
        NotFoundError: components["schemas"]["ApiError"] & {
            /** @constant */
            status?: 404;
        };
        ValidationError: components["schemas"]["ApiError"] & {
            /** @constant */
            status?: 422;
            /** @description Messages per request field. */
            errors?: {
                [key: string]: string[];
            };
        };
        AwningValidationError: components["schemas"]["StatusError"] & {
            /** @constant */
            message?: "Validation failed";
        };
        CountriesFailedError: components["schemas"]["StatusError"] & {
            /** @constant */
            message?: "Failed to fetch countries";
        };
        PlansUnauthorizedError: components["schemas"]["StatusError"] & {
            /** @constant */
            message?: "Unauthorized";
        };
        StatusUnauthenticatedError: components["schemas"]["StatusError"] & {
            /** @constant */
            message?: "Unauthenticated.";
        };
        StatusSubscriptionRequiredError: components["schemas"]["StatusError"] & {
            /** @constant */
            message?: "Subscription required.";
        };
        StatusTooManyRequestsError: components["schemas"]["StatusError"] & {
            /** @constant */
            message?: "Too many requests. Please try again later.";
        };
        /** @description Always an empty array. */
        EmptyArray: unknown[];
        EmptySuccess: {
            message: string;
            data: components["schemas"]["EmptyArray"];
        };
        /** @description Success text; its wording is not shown in the interface document. */
        UnstatedMessage: string;
        /** @description A string the backend keeps in a varchar(255) column; longer is refused with 422. */
        VarcharString: string;
        /** @description Free text the backend keeps in a TEXT column; longer is refused with 422. */
        TextString: string;
        /**
         * Format: date-time
         * @description ISO 8601 UTC timestamp with microseconds and a trailing Z.
         * @example 2026-11-02T14:50:12.345678Z
         */
        TimestampMicrosZ: string;
        SignInRequest: {
            email: string;
            password: string;
            /** @description May be empty; used for push notifications. */
            device_token?: components["schemas"]["VarcharString"];
            platform?: components["schemas"]["Platform"];
        };
        SignInResult: {
            message: string;
            data: {
                /** @description The bearer token (section 5 rule 2: the token to present afterwards, so never empty). */
                api_token: string;
                user: components["schemas"]["User"];
            };
        };
        SignUpRequest: {
            name: components["schemas"]["VarcharString"];
            surname?: components["schemas"]["VarcharString"];
            /** Format: email */
            email: components["schemas"]["VarcharString"];
            password: string;
            company_name?: components["schemas"]["VarcharString"];
            phone_no?: components["schemas"]["VarcharString"];
            device_token?: components["schemas"]["VarcharString"];
            platform?: components["schemas"]["Platform"];
        };
        QrCodeSignInRequest: {
            /** @description Token of an already signed-in device, shown as a QR code. */
            qr_code: string;
            device_token?: components["schemas"]["VarcharString"];
            platform?: components["schemas"]["Platform"];
        };
        ForgotPasswordRequest: {
            /** Format: email */
            email: string;
        };
        ResetPasswordRequest: {
            /** Format: email */
            email: string;
            password: string;
            password_confirmation: string;
        };
        UpdatePasswordRequest: {
            /** Format: email */
            email: string;
            current_password: string;
            new_password: string;
            new_password_confirmation: string;
        };
        /** @description The user record. Its fields are not shown beyond the key name `user` of the sign-in response. */
        User: {
            id: number;
            name: string;
            surname?: string;
            email: string;
            phone_no?: string | null;
            /** Format: uri */
            profile_image?: string;
            company_id: number | null;
            company_name: string | null;
            created_at?: components["schemas"]["TimestampMicrosZ"];
        };
        Setting: {
            key: string;
            value: string;
        };
        HowItWorksStep: {
            id: number;
            title: string;
            description: string;
            /** Format: uri */
            image?: string;
            sort_order: number;
        };
        CurrentPlan: {
            /** @description Subscription id. */
            id: number;
            /** @enum {string} */
            status: "active";
            started_at: components["schemas"]["TimestampMicrosZ"];
            expires_at: components["schemas"]["TimestampMicrosZ"];
            plan: components["schemas"]["Plan"];
        };
        /** @description A client as seen in client listings. */
        Client: {
            /** @description client identifier */
            id: number;
            /** @description owning user */
            user_id: number;
            lead_source_id: number | null;
            /**
             * @description Integer (1 or 0) in listings; boolean in the update request.
             * @enum {integer}
             */
            end_client_known: 0 | 1;
            /** @description may be empty */
            quote_no: string;
            project_name: string | null;
            name: string;
            surname: string;
            email: string;
            /** @description may be empty */
            phone_no: string;
            location: string | null;
            /** @description may be empty */
            address: string;
            /** @description may be empty */
            city: string;
            /** @description may be empty */
            state: string;
            /** @description may be empty */
            zip_code: string;
            /** @description may be empty */
            billing_address: string;
            /** @description may be empty */
            billing_city: string;
            /** @description may be empty */
            billing_state: string;
            /** @description may be empty */
            billing_zip_code: string;
            created_at: components["schemas"]["TimestampMicrosZ"];
            lead_source_name: string | null;
            lead_source_email: string | null;
        };
        PageLink: {
            url: string | null;
            label: string;
            active: boolean;
        };
        /** @description Paged list envelope of Client (section 2.5). */
        ClientPage: {
            current_page: number;
            data: components["schemas"]["Client"][];
            /** Format: uri */
            first_page_url: string;
            /** @description Position of the first item of the page. */
            from: number | null;
            last_page: number;
            /** Format: uri */
            last_page_url: string;
            links: components["schemas"]["PageLink"][];
            next_page_url: string | null;
            /** Format: uri */
            path: string;
            /** @description The sample shows 20 although the request sent limit 10. */
            per_page: number;
            prev_page_url: string | null;
            /** @description Position of the last item of the page. */
            to: number | null;
            total: number;
        };
        ClientListRequest: {
            keyword?: components["schemas"]["VarcharString"];
            page?: number;
            limit?: number;
        };
        CompanyClientsRequest: {
            company_name: components["schemas"]["VarcharString"];
            page?: number;
            limit?: number;
        };
        ClientUpdateRequest: {
            client_id: number;
            name: components["schemas"]["VarcharString"];
            surname: components["schemas"]["VarcharString"];
            /** @description Any text, as client/list gives it (not checked to be an email address). */
            email: components["schemas"]["VarcharString"];
            location?: string | null;
            /** @description Accepted by the update; not returned in listings. */
            phone?: components["schemas"]["VarcharString"];
            address?: components["schemas"]["VarcharString"];
            city?: components["schemas"]["VarcharString"];
            state?: components["schemas"]["VarcharString"];
            zip_code?: components["schemas"]["VarcharString"];
            billing_address?: components["schemas"]["VarcharString"];
            billing_city?: components["schemas"]["VarcharString"];
            billing_state?: components["schemas"]["VarcharString"];
            billing_zip_code?: components["schemas"]["VarcharString"];
            phone_no?: components["schemas"]["VarcharString"];
            lead_source_name?: string | null;
            quote_no?: components["schemas"]["VarcharString"];
            project_name?: string | null;
            lead_source_id?: number | null;
            /** @description Boolean here; integer (1 or 0) in listings. */
            end_client_known?: boolean | (0 | 1 | "0" | "1");
        };
        ClientDeleteRequest: {
            client_id: number;
        };
        ClientIdRequest: {
            client_id: number;
        };
        RoomGetRequest: {
            /** @description Filters rooms by client. */
            client_id: number;
            /** @description Selects a room. */
            room_id: number;
        };
        /** @description One entry per measurement in the room (section 2.3). */
        RoomEntry: {
            room_id: number;
            admin_room_id: number | null;
            measurement_type_id: number;
            measurement_type_name: string;
            measurement_id: number;
            group_id: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp with microseconds.
             */
            created_at: string;
            window_name: string;
        };
        /** @description A room of a client. */
        Room: {
            id: number;
            client_id: number;
            admin_room_id: number | null;
            name: string;
            created_at: components["schemas"]["TimestampMicrosZ"];
        };
        Country: {
            id: number;
            name: string;
            code: string;
        };
        Plan: {
            id: number;
            name: string;
            price: number;
            interval: string;
            features: string[];
        };
        AdminRoomType: {
            id: number;
            name: string;
        };
        MeasurementType: {
            id: number;
            name: string;
        };
        CompanyUser: {
            id: number;
            name: string;
            phone_no: string | null;
            /**
             * Format: uri
             * @description URL
             */
            profile_image: string;
            email: string;
        };
        AwningMeasurementRequest: {
            /** @description 0 or absent adds; an existing id edits. */
            id?: number;
            client_id: number;
            /**
             * @description Room to file the awning under, where room/get lists it. Without one the
             *     awning is kept under its client only and no read shows it: the document
             *     reads measurements only by room (room/get), and room/get-by-client-id
             *     lists rooms. An edit (its `id`) answers with its stored fields and may
             *     file it in a room then; an edit without `room_id` keeps its room.
             */
            room_id?: number;
            /** @enum {string} */
            awning_type?: "retractable" | "stationary";
            width?: number;
            projection?: number;
            mount_height?: number;
        };
        AwningMeasurement: {
            id: number;
            awning_type: string;
            dimensions: {
                width: number;
                projection: number;
                mount_height: number;
            };
        };
        /** @enum {string} */
        UnitType: "inch" | "cm" | "mm";
        /** @enum {string} */
        MountType: "inside" | "outside" | "ceiling";
        /**
         * @description Kind of specialty window: 1 arch, 2 trapezoid, 3 triangle, 4 circle, 5 octagon, 6 pentagon, 7 hexagon.
         * @enum {integer}
         */
        SpecialtyWindowType: 1 | 2 | 3 | 4 | 5 | 6 | 7;
        /** @description Custom field values; the sample sends an empty array. */
        CustomField: {
            [key: string]: unknown;
        } | unknown[];
        /** @description Fields shared by the three window form types (section 2.2). All dimension fields are strings. */
        MeasurementFormBase: {
            /** @description record id; the sample request sends 0 */
            id?: number;
            /** @description The measuring user. */
            user_id: number;
            client_id: number;
            room_id: number;
            measurement_type_id: number;
            unit_type: components["schemas"]["UnitType"];
            mount_type?: components["schemas"]["MountType"] | null | "";
            /** @description descriptive name */
            window_name: components["schemas"]["VarcharString"];
            focus_width?: components["schemas"]["VarcharString"];
            focus_width_key?: components["schemas"]["VarcharString"];
            focus_height?: components["schemas"]["VarcharString"];
            focus_height_key?: components["schemas"]["VarcharString"];
            for_shutter?: components["schemas"]["VarcharString"];
            square_feet?: components["schemas"]["VarcharString"];
            min_value_fields?: components["schemas"]["VarcharString"];
            note?: components["schemas"]["TextString"];
            offset_value?: components["schemas"]["VarcharString"];
            offset_value_keys?: components["schemas"]["VarcharString"];
            installation_instructions?: components["schemas"]["TextString"];
            total_custom_fields?: number;
            custom_field?: components["schemas"]["CustomField"];
        };
        SingleWindowPhotoMeasurementRequest: components["schemas"]["MeasurementFormBase"] & {
            w_top?: components["schemas"]["VarcharString"];
            w_middle?: components["schemas"]["VarcharString"];
            w_bottom?: components["schemas"]["VarcharString"];
            h_left?: components["schemas"]["VarcharString"];
            h_middle?: components["schemas"]["VarcharString"];
            h_right?: components["schemas"]["VarcharString"];
            d_sill?: components["schemas"]["VarcharString"];
            left_edge_w?: components["schemas"]["VarcharString"];
            right_edge_w?: components["schemas"]["VarcharString"];
            top_edge_to_ceiling_h?: components["schemas"]["VarcharString"];
            bottom_edge_to_floor_h?: components["schemas"]["VarcharString"];
            middle_a_w?: components["schemas"]["VarcharString"];
            middle_b_w?: components["schemas"]["VarcharString"];
            middle_c_w?: components["schemas"]["VarcharString"];
            wall_to_wall_w?: components["schemas"]["VarcharString"];
            floor_to_ceiling_h?: components["schemas"]["VarcharString"];
            bottom_trim_to_floor?: components["schemas"]["VarcharString"];
            /** @description optional identifier for an external focus integration */
            measurement_unique_id?: components["schemas"]["VarcharString"];
        };
        SpecialtyWindowMeasurementRequest: components["schemas"]["MeasurementFormBase"] & {
            window_type: components["schemas"]["SpecialtyWindowType"];
            a?: components["schemas"]["VarcharString"];
            b?: components["schemas"]["VarcharString"];
            c?: components["schemas"]["VarcharString"];
            d?: components["schemas"]["VarcharString"];
            e?: components["schemas"]["VarcharString"];
            f?: components["schemas"]["VarcharString"];
            g?: components["schemas"]["VarcharString"];
            h?: components["schemas"]["VarcharString"];
            i?: components["schemas"]["VarcharString"];
            j?: components["schemas"]["VarcharString"];
            k?: components["schemas"]["VarcharString"];
            l?: components["schemas"]["VarcharString"];
            w?: components["schemas"]["VarcharString"];
            r?: components["schemas"]["VarcharString"];
            w1?: components["schemas"]["VarcharString"];
            h1?: components["schemas"]["VarcharString"];
            d1?: components["schemas"]["VarcharString"];
            x1?: components["schemas"]["VarcharString"];
            b1?: components["schemas"]["VarcharString"];
            w2?: components["schemas"]["VarcharString"];
            h2?: components["schemas"]["VarcharString"];
            d2?: components["schemas"]["VarcharString"];
            x2?: components["schemas"]["VarcharString"];
            b2?: components["schemas"]["VarcharString"];
        };
        SeriesWindowMeasurementRequest: components["schemas"]["MeasurementFormBase"] & {
            floor_to_ceiling?: components["schemas"]["VarcharString"];
            floor_to_trim?: components["schemas"]["VarcharString"];
            floor_to_sill?: components["schemas"]["VarcharString"];
            wall_to_wall?: components["schemas"]["VarcharString"];
            left_wall_to_window?: components["schemas"]["VarcharString"];
            left_wall_to_trim?: components["schemas"]["VarcharString"];
            right_wall_to_window?: components["schemas"]["VarcharString"];
            right_wall_to_trim?: components["schemas"]["VarcharString"];
            trim_width?: components["schemas"]["VarcharString"];
            "middle_a-b_width"?: components["schemas"]["VarcharString"];
            "middle_a-b_trim_to_trim"?: components["schemas"]["VarcharString"];
            "middle_b-c_width"?: components["schemas"]["VarcharString"];
            "middle_b-c_trim_to_trim"?: components["schemas"]["VarcharString"];
            "middle_c-d_width"?: components["schemas"]["VarcharString"];
            "middle_c-d_trim_to_trim"?: components["schemas"]["VarcharString"];
            "middle_d-e_width"?: components["schemas"]["VarcharString"];
            "middle_d-e_trim_to_trim"?: components["schemas"]["VarcharString"];
            window_a_to_break?: components["schemas"]["VarcharString"];
            window_b_to_break?: components["schemas"]["VarcharString"];
            window_d_to_break?: components["schemas"]["VarcharString"];
            window_e_to_break?: components["schemas"]["VarcharString"];
            top_trim_to_obstruction?: components["schemas"]["VarcharString"];
            top_trim_to_curtain_rod?: components["schemas"]["VarcharString"];
            top_trim_to_molding?: components["schemas"]["VarcharString"];
            top_trim_to_ceiling?: components["schemas"]["VarcharString"];
            curtain_rod_length?: components["schemas"]["VarcharString"];
            curtain_rod_to_floor?: components["schemas"]["VarcharString"];
            "window_a-e_outside_width"?: components["schemas"]["VarcharString"];
            "window_a-e_outside_height"?: components["schemas"]["VarcharString"];
            window_a_c_outside_width?: components["schemas"]["VarcharString"];
            window_a_c_outside_height?: components["schemas"]["VarcharString"];
            "window_a-d_outside_width"?: components["schemas"]["VarcharString"];
            "window_a-d_outside_height"?: components["schemas"]["VarcharString"];
            window_a_b_outside_width?: components["schemas"]["VarcharString"];
            window_a_b_outside_height?: components["schemas"]["VarcharString"];
            window_outside_width?: components["schemas"]["VarcharString"];
            window_outside_height?: components["schemas"]["VarcharString"];
            window_a_w_top?: components["schemas"]["VarcharString"];
            window_a_w_middle?: components["schemas"]["VarcharString"];
            window_a_w_bottom?: components["schemas"]["VarcharString"];
            window_a_h_left?: components["schemas"]["VarcharString"];
            window_a_h_middle?: components["schemas"]["VarcharString"];
            window_a_h_right?: components["schemas"]["VarcharString"];
            window_a_sill_depth?: components["schemas"]["VarcharString"];
            window_b_w_top?: components["schemas"]["VarcharString"];
            window_b_w_middle?: components["schemas"]["VarcharString"];
            window_b_w_bottom?: components["schemas"]["VarcharString"];
            window_b_h_left?: components["schemas"]["VarcharString"];
            window_b_h_middle?: components["schemas"]["VarcharString"];
            window_b_h_right?: components["schemas"]["VarcharString"];
            window_b_sill_depth?: components["schemas"]["VarcharString"];
            window_c_w_top?: components["schemas"]["VarcharString"];
            window_c_w_middle?: components["schemas"]["VarcharString"];
            window_c_w_bottom?: components["schemas"]["VarcharString"];
            window_c_h_left?: components["schemas"]["VarcharString"];
            window_c_h_middle?: components["schemas"]["VarcharString"];
            window_c_h_right?: components["schemas"]["VarcharString"];
            window_c_sill_depth?: components["schemas"]["VarcharString"];
            window_d_w_top?: components["schemas"]["VarcharString"];
            window_d_w_middle?: components["schemas"]["VarcharString"];
            window_d_w_bottom?: components["schemas"]["VarcharString"];
            window_d_h_left?: components["schemas"]["VarcharString"];
            window_d_h_middle?: components["schemas"]["VarcharString"];
            window_d_h_right?: components["schemas"]["VarcharString"];
            window_d_sill_depth?: components["schemas"]["VarcharString"];
            window_e_w_top?: components["schemas"]["VarcharString"];
            window_e_w_middle?: components["schemas"]["VarcharString"];
            window_e_w_bottom?: components["schemas"]["VarcharString"];
            window_e_h_left?: components["schemas"]["VarcharString"];
            window_e_h_middle?: components["schemas"]["VarcharString"];
            window_e_h_right?: components["schemas"]["VarcharString"];
            window_e_sill_depth?: components["schemas"]["VarcharString"];
            /** @description sequence number of this window in the series */
            number_in_series?: components["schemas"]["VarcharString"];
            square_feet2?: components["schemas"]["VarcharString"];
            square_feet3?: components["schemas"]["VarcharString"];
            square_feet4?: components["schemas"]["VarcharString"];
            square_feet5?: components["schemas"]["VarcharString"];
        };
    };
    responses: {
        /** @description A missing or unknown `platform` header, a body that is not valid JSON or is nested deeper than 32 levels, or a malformed request. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnlistedError"];
            };
        };
        /** @description Missing or invalid authentication. */
        Unauthenticated: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Unauthenticated.",
                 *       "status": 401
                 *     }
                 */
                "application/json": components["schemas"]["UnauthenticatedError"];
            };
        };
        /** @description No active subscription. */
        SubscriptionRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Subscription required.",
                 *       "status": 403
                 *     }
                 */
                "application/json": components["schemas"]["SubscriptionRequiredError"];
            };
        };
        /** @description An unknown (or another company's) client, room or measurement id. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Client not found.",
                 *       "status": 404
                 *     }
                 */
                "application/json": components["schemas"]["NotFoundError"];
            };
        };
        /** @description An unknown, deleted or another company's client (the status is `/x-situations/unknown-client` and `/x-situations/other-company-client`). */
        ClientNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Client not found.",
                 *       "status": 404
                 *     }
                 */
                "application/json": components["schemas"]["NotFoundError"];
            };
        };
        /** @description As BadRequest, in the `{status: "error", message}` shape the document gives the awning, country and plan operations. */
        StatusBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["StatusError"];
            };
        };
        /** @description As PayloadTooLarge, in the `{status: "error", message}` shape of the awning, country and plan operations. */
        StatusPayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "status": "error",
                 *       "message": "The request body is too large (limit 1048576 bytes)."
                 *     }
                 */
                "application/json": components["schemas"]["StatusError"];
            };
        };
        /** @description As UnsupportedMediaType, in the `{status: "error", message}` shape of the awning, country and plan operations. */
        StatusUnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "status": "error",
                 *       "message": "Unsupported content type text/plain; send application/json."
                 *     }
                 */
                "application/json": components["schemas"]["StatusError"];
            };
        };
        /** @description The body fails validation, in the `{status: "error", message}` shape of the country operation. */
        StatusValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "status": "error",
                 *       "message": "The body field is invalid."
                 *     }
                 */
                "application/json": components["schemas"]["StatusError"];
            };
        };
        /** @description The body exceeds the size limit. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The request body is too large (limit 1048576 bytes).",
                 *       "status": 413
                 *     }
                 */
                "application/json": components["schemas"]["UnlistedError"];
            };
        };
        /** @description A body sent with a content type other than application/json. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Unsupported content type text/plain; send application/json.",
                 *       "status": 415
                 *     }
                 */
                "application/json": components["schemas"]["UnlistedError"];
            };
        };
        /** @description The body fails validation; the example is a missing `email`. */
        ValidationFailedEmail: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The email field is required.",
                 *       "status": 422,
                 *       "errors": {
                 *         "email": [
                 *           "The email field is required."
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /** @description The body fails validation; the example is a missing `qr_code`. */
        ValidationFailedQrCode: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The qr code field is required.",
                 *       "status": 422,
                 *       "errors": {
                 *         "qr_code": [
                 *           "The qr code field is required."
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /** @description The body fails validation; the example is a `page` below 1 (no field of client/list is required). */
        ValidationFailedPage: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The page field must be at least 1.",
                 *       "status": 422,
                 *       "errors": {
                 *         "page": [
                 *           "The page field must be at least 1."
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /** @description The body fails validation; the example is a missing `company_name`. */
        ValidationFailedCompanyName: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The company name field is required.",
                 *       "status": 422,
                 *       "errors": {
                 *         "company_name": [
                 *           "The company name field is required."
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /** @description The body fails validation; the example is a missing `client_id`. */
        ValidationFailedClientId: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The client id field is required.",
                 *       "status": 422,
                 *       "errors": {
                 *         "client_id": [
                 *           "The client id field is required."
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /** @description Rate limit exceeded (60 requests per minute). */
        TooManyRequests: {
            headers: {
                /** @description Seconds until a request will be accepted again. */
                "Retry-After"?: number;
                /** @description Requests allowed per minute. */
                "X-RateLimit-Limit"?: number;
                /** @description Requests left in the current minute. */
                "X-RateLimit-Remaining"?: number;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too many requests. Please try again later.",
                 *       "status": 429
                 *     }
                 */
                "application/json": components["schemas"]["TooManyRequestsError"];
            };
        };
        /**
         * @description Missing or invalid authentication, on an operation section 7 also gives the
         *     `{status: "error", message}` failure shape: its two shape sentences ("for the
         *     codes below" and "on the awning, country and plan operations") both reach this
         *     401, so either body may come, with section 7's message.
         */
        StatusShapedUnauthenticated: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnauthenticatedError"] | components["schemas"]["StatusUnauthenticatedError"];
            };
        };
        /** @description No active subscription, on an operation section 7 also gives the `{status: "error", message}` shape (as StatusShapedUnauthenticated). */
        StatusShapedSubscriptionRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["SubscriptionRequiredError"] | components["schemas"]["StatusSubscriptionRequiredError"];
            };
        };
        /** @description Rate limit exceeded, on an operation section 7 also gives the `{status: "error", message}` shape (as StatusShapedUnauthenticated). */
        StatusShapedTooManyRequests: {
            headers: {
                "Retry-After": components["responses"]["TooManyRequests"]["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["responses"]["TooManyRequests"]["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["responses"]["TooManyRequests"]["headers"]["X-RateLimit-Remaining"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TooManyRequestsError"] | components["schemas"]["StatusTooManyRequestsError"];
            };
        };
        /** @description Measurement added (or edited). */
        MeasurementSaved: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Measurement added successfully!",
                 *       "data": []
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    message: "Measurement added successfully!";
                    data: components["schemas"]["EmptyArray"];
                };
            };
        };
    };
    parameters: {
        /**
         * @description Calling platform; required on every request.
         * @example WEB
         */
        Platform: components["schemas"]["Platform"];
        /**
         * @description The page, as the envelope's page URLs carry it (`?page=2`); the body's `page` wins when both are sent.
         * @example 1
         */
        PageQuery: number;
        /**
         * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
         * @example static-shared-api-key
         */
        ApiKey: string;
    };
    requestBodies: {
        /** @description No body; any JSON sent anyway (usually {}) is accepted and ignored. */
        NoBody: {
            content: {
                /** @example {} */
                "application/json": unknown;
            };
        };
    };
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    signup: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Jamie",
                 *       "surname": "Rivera",
                 *       "email": "jamie.rivera@example.com",
                 *       "password": "correct-horse-battery",
                 *       "company_name": "Rivera Shades LLC",
                 *       "phone_no": "+1 555 010 2233",
                 *       "device_token": "",
                 *       "platform": "WEB"
                 *     }
                 */
                "application/json": components["schemas"]["SignUpRequest"];
            };
        };
        responses: {
            /** @description Account created and signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "User registered successfully.",
                     *       "data": {
                     *         "api_token": "3f9c2a7b1e8d4c6fa0b5e2d9c8a7f6e5d4c3b2a1908f7e6d5c4b3a2918f7e6d5",
                     *         "user": {
                     *           "id": 41,
                     *           "name": "Jamie",
                     *           "surname": "Rivera",
                     *           "email": "jamie.rivera@example.com",
                     *           "phone_no": "+1 555 010 2233",
                     *           "profile_image": "https://cdn.example.com/profile/default.png",
                     *           "company_id": 9,
                     *           "company_name": "Rivera Shades LLC",
                     *           "created_at": "2026-11-02T15:04:05.123456Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SignInResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedEmail"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    signin: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "demo@example.com",
                 *       "password": "demo-password",
                 *       "device_token": "",
                 *       "platform": "WEB"
                 *     }
                 */
                "application/json": components["schemas"]["SignInRequest"];
            };
        };
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Login successfully.",
                     *       "data": {
                     *         "api_token": "9b1f0c3e5a7d4e2f8c6b0a9d7e5f3c1b2a4d6e8f0a1c3e5b7d9f1a3c5e7b9d1f",
                     *         "user": {
                     *           "id": 1,
                     *           "name": "Dana",
                     *           "surname": "Demo",
                     *           "email": "demo@example.com",
                     *           "phone_no": "+1 555 010 0001",
                     *           "profile_image": "https://cdn.example.com/profile/1.png",
                     *           "company_id": 1,
                     *           "company_name": "Demo Blinds Co",
                     *           "created_at": "2026-01-05T09:30:00.000000Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SignInResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            /**
             * @description Wrong email or password (`/x-situations/wrong-credentials` says with
             *     which status); or the right ones for a deactivated account (section 3:
             *     a deactivation ends its tokens), which then cannot sign in.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnlistedError"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedEmail"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    qrcodeSignin: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "qr_code": "9b1f0c3e5a7d4e2f8c6b0a9d7e5f3c1b2a4d6e8f0a1c3e5b7d9f1a3c5e7b9d1f",
                 *       "device_token": "fcm-device-token-123",
                 *       "platform": "IOS"
                 *     }
                 */
                "application/json": components["schemas"]["QrCodeSignInRequest"];
            };
        };
        responses: {
            /** @description Signed in on the scanning device. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Login successfully.",
                     *       "data": {
                     *         "api_token": "0c2e4a6b8d1f3e5c7a9b0d2f4e6a8c1b3d5f7e9a0c2e4b6d8f1a3c5e7b9d0f2a",
                     *         "user": {
                     *           "id": 1,
                     *           "name": "Dana",
                     *           "surname": "Demo",
                     *           "email": "demo@example.com",
                     *           "phone_no": "+1 555 010 0001",
                     *           "profile_image": "https://cdn.example.com/profile/1.png",
                     *           "company_id": 1,
                     *           "company_name": "Demo Blinds Co",
                     *           "created_at": "2026-01-05T09:30:00.000000Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SignInResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The QR code does not carry a valid token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid QR code.",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnlistedError"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedQrCode"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    forgotPassword: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "demo@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["ForgotPasswordRequest"];
            };
        };
        responses: {
            /** @description Reset link sent if the address belongs to an account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "If the email belongs to an account, a password reset link has been sent.",
                     *       "data": []
                     *     }
                     */
                    "application/json": components["schemas"]["EmptySuccess"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedEmail"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path: {
                /**
                 * @description Reset token from the emailed link.
                 * @example 5d41402abc4b2a76b9719d911017c592
                 */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "norberto_kertzmann7@example.com",
                 *       "password": "demo-password",
                 *       "password_confirmation": "demo-password"
                 *     }
                 */
                "application/json": components["schemas"]["ResetPasswordRequest"];
            };
        };
        responses: {
            /** @description Password changed; all tokens of the user are invalidated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Password has been reset successfully.",
                     *       "data": []
                     *     }
                     */
                    "application/json": components["schemas"]["EmptySuccess"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedEmail"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updatePassword: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "thora.smith@example.com",
                 *       "current_password": "demo-password",
                 *       "new_password": "demo-password",
                 *       "new_password_confirmation": "demo-password"
                 *     }
                 */
                "application/json": components["schemas"]["UpdatePasswordRequest"];
            };
        };
        responses: {
            /** @description Password changed; all tokens of the user are invalidated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Password updated successfully.",
                     *       "data": []
                     *     }
                     */
                    "application/json": components["schemas"]["EmptySuccess"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedEmail"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["NoBody"];
        responses: {
            /** @description Settings as key/value pairs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Settings get successfully.",
                     *       "data": [
                     *         {
                     *           "key": "support_email",
                     *           "value": "support@example.com"
                     *         },
                     *         {
                     *           "key": "terms_url",
                     *           "value": "https://example.com/terms"
                     *         },
                     *         {
                     *           "key": "privacy_url",
                     *           "value": "https://example.com/privacy"
                     *         },
                     *         {
                     *           "key": "min_app_version",
                     *           "value": "1.0.0"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        message: string;
                        data: components["schemas"]["Setting"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listCountries: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
                /** @description Listed as required on this endpoint's page, although the endpoint is public. */
                "X-API-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Empty JSON object. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description All countries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "United States",
                     *           "code": "US"
                     *         },
                     *         {
                     *           "id": 2,
                     *           "name": "Canada",
                     *           "code": "CA"
                     *         },
                     *         {
                     *           "id": 3,
                     *           "name": "United Kingdom",
                     *           "code": "GB"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @example success */
                        status: string;
                        data: components["schemas"]["Country"][];
                    };
                };
            };
            400: components["responses"]["StatusBadRequest"];
            413: components["responses"]["StatusPayloadTooLarge"];
            415: components["responses"]["StatusUnsupportedMediaType"];
            422: components["responses"]["StatusValidationFailed"];
            429: components["responses"]["StatusShapedTooManyRequests"];
            /** @description The country list could not be read. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "message": "Failed to fetch countries"
                     *     }
                     */
                    "application/json": components["schemas"]["CountriesFailedError"];
                };
            };
        };
    };
    getHowItWorks: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["NoBody"];
        responses: {
            /** @description Onboarding steps in display order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "How it works get successfully.",
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "title": "Add your client",
                     *           "description": "Create a client with their address and project.",
                     *           "image": "https://cdn.example.com/how-works/1.png",
                     *           "sort_order": 1
                     *         },
                     *         {
                     *           "id": 2,
                     *           "title": "Measure each window",
                     *           "description": "Pick a room and fill in the form for the window type.",
                     *           "image": "https://cdn.example.com/how-works/2.png",
                     *           "sort_order": 2
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        message: string;
                        data: components["schemas"]["HowItWorksStep"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["NoBody"];
        responses: {
            /** @description Signed out; the presented token no longer works. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Logged out successfully.",
                     *       "data": []
                     *     }
                     */
                    "application/json": components["schemas"]["EmptySuccess"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listPlans: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All plans. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "Starter",
                     *           "price": 19.99,
                     *           "interval": "month",
                     *           "features": [
                     *             "Up to 100 clients",
                     *             "All measurement forms"
                     *           ]
                     *         },
                     *         {
                     *           "id": 2,
                     *           "name": "Team",
                     *           "price": 49.99,
                     *           "interval": "month",
                     *           "features": [
                     *             "Unlimited clients",
                     *             "Shared company clients",
                     *             "Priority support"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @example success */
                        status: string;
                        data: components["schemas"]["Plan"][];
                    };
                };
            };
            400: components["responses"]["StatusBadRequest"];
            /**
             * @description Missing or invalid authentication (section 5 rule 3: a subscription
             *     endpoint is protected, so the 401 is the document's). The interface
             *     document gives both the general 401 body and a plans failure
             *     `Unauthorized` in the `{status: "error", message}` shape; either may come,
             *     as may section 7's `Unauthenticated.` in that shape (StatusShapedUnauthenticated).
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlansUnauthorizedError"] | components["schemas"]["UnauthenticatedError"] | components["schemas"]["StatusUnauthenticatedError"];
                };
            };
            429: components["responses"]["StatusShapedTooManyRequests"];
        };
    };
    getCurrentPlan: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["NoBody"];
        responses: {
            /** @description The active plan, or null. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: components["schemas"]["CurrentPlan"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["NoBody"];
        responses: {
            /** @description The caller's user record. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Profile get successfully.",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "Dana",
                     *         "surname": "Demo",
                     *         "email": "demo@example.com",
                     *         "phone_no": "+1 555 010 0001",
                     *         "profile_image": "https://cdn.example.com/profile/1.png",
                     *         "company_id": 1,
                     *         "company_name": "Demo Blinds Co",
                     *         "created_at": "2026-01-05T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        message: string;
                        data: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listCompanyUsers: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["NoBody"];
        responses: {
            /** @description Members of the caller's company. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Company users get successfully.",
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "Dana Demo",
                     *           "phone_no": "+1 555 010 0001",
                     *           "profile_image": "https://cdn.example.com/profile/1.png",
                     *           "email": "demo@example.com"
                     *         },
                     *         {
                     *           "id": 2,
                     *           "name": "Morgan Field",
                     *           "phone_no": null,
                     *           "profile_image": "https://cdn.example.com/profile/default.png",
                     *           "email": "morgan.field@example.com"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        message: components["schemas"]["UnstatedMessage"];
                        data: components["schemas"]["CompanyUser"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listClients: {
        parameters: {
            query?: {
                /**
                 * @description The page, as the envelope's page URLs carry it (`?page=2`); the body's `page` wins when both are sent.
                 * @example 1
                 */
                page?: components["parameters"]["PageQuery"];
            };
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "keyword": "",
                 *       "page": 1,
                 *       "limit": 10
                 *     }
                 */
                "application/json": components["schemas"]["ClientListRequest"];
            };
        };
        responses: {
            /** @description One page of the caller's clients. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["UnstatedMessage"];
                        data: components["schemas"]["ClientPage"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedPage"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listCompanyClients: {
        parameters: {
            query?: {
                /**
                 * @description The page, as the envelope's page URLs carry it (`?page=2`); the body's `page` wins when both are sent.
                 * @example 1
                 */
                page?: components["parameters"]["PageQuery"];
            };
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "company_name": "Demo Blinds Co"
                 *     }
                 */
                "application/json": components["schemas"]["CompanyClientsRequest"];
            };
        };
        responses: {
            /** @description One page of the clients of the company's members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["UnstatedMessage"];
                        data: components["schemas"]["ClientPage"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            /** @description No company of that name among the caller's (the status is `/x-situations/other-company`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Company not found.",
                     *       "status": 404
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedCompanyName"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateClient: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": 148,
                 *       "name": "Avery",
                 *       "surname": "Nguyen",
                 *       "email": "avery.nguyen@example.net",
                 *       "phone": "+1 555 014 7788",
                 *       "phone_no": "+1 555 014 7788",
                 *       "location": "Portland, OR",
                 *       "address": "1420 Alder Street",
                 *       "city": "Portland",
                 *       "state": "OR",
                 *       "zip_code": "97205",
                 *       "billing_address": "",
                 *       "billing_city": "",
                 *       "billing_state": "",
                 *       "billing_zip_code": "",
                 *       "lead_source_id": 3,
                 *       "lead_source_name": "Home show",
                 *       "quote_no": "Q-2026-0101",
                 *       "project_name": "Living room shades",
                 *       "end_client_known": true
                 *     }
                 */
                "application/json": components["schemas"]["ClientUpdateRequest"];
            };
        };
        responses: {
            /** @description Saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Client details updated successfully.",
                     *       "data": []
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        message: "Client details updated successfully.";
                        data: components["schemas"]["EmptyArray"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            404: components["responses"]["ClientNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedClientId"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteClient: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": 4
                 *     }
                 */
                "application/json": components["schemas"]["ClientDeleteRequest"];
            };
        };
        responses: {
            /** @description Deleted; later reads no longer show the client. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Client deleted successfully.",
                     *       "data": []
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        message: "Client deleted successfully.";
                        data: components["schemas"]["EmptyArray"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            404: components["responses"]["ClientNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedClientId"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    addEditAwningMeasurement: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": 148,
                 *       "room_id": 442,
                 *       "awning_type": "retractable",
                 *       "width": 144,
                 *       "projection": 120,
                 *       "mount_height": 96
                 *     }
                 */
                "application/json": components["schemas"]["AwningMeasurementRequest"];
            };
        };
        responses: {
            /** @description Saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "data": {
                     *         "id": 512,
                     *         "awning_type": "retractable",
                     *         "dimensions": {
                     *           "width": 144,
                     *           "projection": 120,
                     *           "mount_height": 96
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        status: "success";
                        data: components["schemas"]["AwningMeasurement"];
                    };
                };
            };
            400: components["responses"]["StatusBadRequest"];
            401: components["responses"]["StatusShapedUnauthenticated"];
            403: components["responses"]["StatusShapedSubscriptionRequired"];
            /** @description Unknown client, room or awning measurement id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "message": "Client not found."
                     *     }
                     */
                    "application/json": components["schemas"]["StatusError"];
                };
            };
            413: components["responses"]["StatusPayloadTooLarge"];
            415: components["responses"]["StatusUnsupportedMediaType"];
            /** @description Validation failed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "message": "Validation failed"
                     *     }
                     */
                    "application/json": components["schemas"]["AwningValidationError"];
                };
            };
            429: components["responses"]["StatusShapedTooManyRequests"];
        };
    };
    addEditSingleWindowPhotoMeasurement: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 0,
                 *       "user_id": 1,
                 *       "client_id": 148,
                 *       "room_id": 442,
                 *       "measurement_type_id": 1,
                 *       "unit_type": "inch",
                 *       "mount_type": "inside",
                 *       "window_name": "Kitchen window",
                 *       "focus_width": "",
                 *       "focus_width_key": "",
                 *       "focus_height": "",
                 *       "focus_height_key": "",
                 *       "for_shutter": "",
                 *       "square_feet": "12.5",
                 *       "min_value_fields": "",
                 *       "note": "Tilt latch on the left.",
                 *       "offset_value": "",
                 *       "offset_value_keys": "",
                 *       "installation_instructions": "",
                 *       "total_custom_fields": 0,
                 *       "custom_field": [],
                 *       "w_top": "35.25",
                 *       "w_middle": "35.125",
                 *       "w_bottom": "35.25",
                 *       "h_left": "51.5",
                 *       "h_middle": "51.375",
                 *       "h_right": "51.5",
                 *       "d_sill": "3.25",
                 *       "left_edge_w": "",
                 *       "right_edge_w": "",
                 *       "top_edge_to_ceiling_h": "",
                 *       "bottom_edge_to_floor_h": "",
                 *       "middle_a_w": "",
                 *       "middle_b_w": "",
                 *       "middle_c_w": "",
                 *       "wall_to_wall_w": "",
                 *       "floor_to_ceiling_h": "",
                 *       "bottom_trim_to_floor": "",
                 *       "measurement_unique_id": ""
                 *     }
                 */
                "application/json": components["schemas"]["SingleWindowPhotoMeasurementRequest"];
            };
        };
        responses: {
            200: components["responses"]["MeasurementSaved"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedClientId"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    addEditSpecialtyWindowMeasurement: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 0,
                 *       "user_id": 1,
                 *       "client_id": 148,
                 *       "room_id": 442,
                 *       "measurement_type_id": 3,
                 *       "unit_type": "inch",
                 *       "mount_type": "outside",
                 *       "window_name": "Stair arch",
                 *       "window_type": 1,
                 *       "total_custom_fields": 0,
                 *       "custom_field": [],
                 *       "a": "48",
                 *       "b": "24",
                 *       "h": "24",
                 *       "w": "48",
                 *       "r": "24"
                 *     }
                 */
                "application/json": components["schemas"]["SpecialtyWindowMeasurementRequest"];
            };
        };
        responses: {
            200: components["responses"]["MeasurementSaved"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedClientId"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    addEditSeriesWindowMeasurement: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 0,
                 *       "user_id": 1,
                 *       "client_id": 148,
                 *       "room_id": 442,
                 *       "measurement_type_id": 2,
                 *       "unit_type": "inch",
                 *       "mount_type": "outside",
                 *       "window_name": "Living room bay",
                 *       "total_custom_fields": 0,
                 *       "custom_field": [],
                 *       "floor_to_ceiling": "96",
                 *       "wall_to_wall": "168.5",
                 *       "trim_width": "3.5",
                 *       "middle_a-b_width": "4",
                 *       "middle_a-b_trim_to_trim": "11",
                 *       "window_a-e_outside_width": "151.25",
                 *       "window_a-e_outside_height": "62.5",
                 *       "window_a_w_top": "35.25",
                 *       "window_a_h_left": "58.75",
                 *       "window_a_sill_depth": "4.25",
                 *       "curtain_rod_length": "160",
                 *       "number_in_series": "1",
                 *       "square_feet2": ""
                 *     }
                 */
                "application/json": components["schemas"]["SeriesWindowMeasurementRequest"];
            };
        };
        responses: {
            200: components["responses"]["MeasurementSaved"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedClientId"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRoomMeasurements: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": 148,
                 *       "room_id": 442
                 *     }
                 */
                "application/json": components["schemas"]["RoomGetRequest"];
            };
        };
        responses: {
            /** @description One entry per measurement in the room. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Rooms get successfully.",
                     *       "data": [
                     *         {
                     *           "room_id": 201,
                     *           "admin_room_id": 2,
                     *           "measurement_type_id": 1,
                     *           "measurement_type_name": "Single Window With Photo",
                     *           "measurement_id": 5001,
                     *           "group_id": 1,
                     *           "created_at": "2026-11-02T15:04:05.123456Z",
                     *           "window_name": "Kitchen window"
                     *         },
                     *         {
                     *           "room_id": 201,
                     *           "admin_room_id": 2,
                     *           "measurement_type_id": 3,
                     *           "measurement_type_name": "Specialty Window",
                     *           "measurement_id": 5002,
                     *           "group_id": 2,
                     *           "created_at": "2026-11-02T15:10:41.654321Z",
                     *           "window_name": "Stair arch"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        message: "Rooms get successfully.";
                        data: components["schemas"]["RoomEntry"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedClientId"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRoomsByClientId: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": 148
                 *     }
                 */
                "application/json": components["schemas"]["ClientIdRequest"];
            };
        };
        responses: {
            /** @description The client's rooms (or null, as in the document's sample). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": null | {
                        message: string;
                        data: components["schemas"]["Room"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            404: components["responses"]["ClientNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailedClientId"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listMeasurementTypes: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["NoBody"];
        responses: {
            /** @description All measurement types. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Measurement types get successfully.",
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "Single Window With Photo"
                     *         },
                     *         {
                     *           "id": 2,
                     *           "name": "Series Window With Draperies"
                     *         },
                     *         {
                     *           "id": 3,
                     *           "name": "Specialty Window"
                     *         },
                     *         {
                     *           "id": 4,
                     *           "name": "Awning"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        message: components["schemas"]["UnstatedMessage"];
                        data: components["schemas"]["MeasurementType"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listAdminRoomTypes: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Calling platform; required on every request.
                 * @example WEB
                 */
                platform: components["parameters"]["Platform"];
                /**
                 * @description <STATIC_API_KEY>, a fixed shared key sent on every request in the authentication overview.
                 * @example static-shared-api-key
                 */
                "api-key"?: components["parameters"]["ApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["NoBody"];
        responses: {
            /** @description All admin room types. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Admin rooms get successfully.",
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "Living Room"
                     *         },
                     *         {
                     *           "id": 2,
                     *           "name": "Kitchen"
                     *         },
                     *         {
                     *           "id": 3,
                     *           "name": "Bedroom"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        message: components["schemas"]["UnstatedMessage"];
                        data: components["schemas"]["AdminRoomType"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["SubscriptionRequired"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
}
