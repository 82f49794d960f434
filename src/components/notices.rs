//! What the page says above the lesson: the notices about a link's parameters it could not use,
//! and the message about the last input. Each is one node, drawn or empty.

use yew::prelude::*;

use crate::model::{Action, PageAction};
use crate::url::Notice;

pub fn notice_list(notices: &UseStateHandle<Vec<Notice>>) -> Html {
    let items = notices.iter().enumerate().map(|(index, Notice { parameter, message })| {
        let notices = notices.clone();
        let dismiss = Callback::from(move |_: MouseEvent| {
            let mut rest = (*notices).clone();
            rest.remove(index);
            notices.set(rest);
        });
        html! {
            <li class="notice" data-notice={*parameter}>
                <span>{ message }</span>
                <button type="button" class="dismiss" aria-label={format!("Dismiss the notice about {parameter}")} onclick={dismiss}>{ "×" }</button>
            </li>
        }
    });
    html! { if !notices.is_empty() { <ul class="notices" role="status">{ for items }</ul> } }
}

pub fn message(message: Option<&str>, on_action: &Callback<Action>) -> Html {
    let Some(message) = message else { return Html::default() };
    let dismiss = on_action.reform(|_: MouseEvent| Action::Page(PageAction::DismissMessage));
    html! {
        <div class="message" role="alert" data-message="">
            <span>{ message.to_string() }</span>
            <button type="button" class="dismiss" aria-label="Dismiss" onclick={dismiss}>{ "×" }</button>
        </div>
    }
}
