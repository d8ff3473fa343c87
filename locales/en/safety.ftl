# Words of the safety and accessibility work (issue 13): the 404 page, labels, the audit section.

page-not-found = Page not found
    .text = There is no page at this address.
    .hint = Check the link, or start again from the home page.
